// expect: ok
// result: [["TypeError","string",false],["RangeError","string",false]]
async () => { const leaky = (s) => /file:|jar:|\/|\.java|io\.codemode4j|com\.oracle|org\.graalvm|java\.lang/.test(String(s)); const seen = []; const keep = (e) => seen.push([e.name, typeof e.stack, leaky(e.stack)]); console.log({ toJSON() { try { null.x; } catch (e) { keep(e); } return 1; } }); await t.echo({ value: { toJSON() { try { new Array(-1); } catch (e) { keep(e); } return 1; } } }); return seen; }
