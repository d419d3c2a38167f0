package io.codemode4j.bridge.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ProgramShapeTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "async () => 1",
        "async () => { return 1; }",
        "async function () { return 1; }",
        "async function named() { return 2; }",
        "  async () => 1  // trailing comment",
        "/* leading comment */ async () => 1",
        "(async () => 1)",
        "async (x = 1) => x",
        "async () => { const r = await Promise.all([]); return r; }\n"
      })
  void check_oneAsyncFunctionExpression_isAccepted(String source) {
    assertThatCode(() -> ProgramShape.check(source, 64 * 1024)).doesNotThrowAnyException();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1",
        "() => 1",
        "function () { return 1; }",
        "async function* () { yield 1; }",
        "async () => 1; loop()",
        "loop(), async () => 1",
        "async () => 1) + (loop()",
        "async () => 1)//",
        "async () => 1) /*",
        "(async () => 1)()",
        "import x from 'y'",
        "export default async () => 1",
        "async () => {",
        "await fetch('x')",
        "#!/bin/sh\nasync () => 1",
        "class A {}",
        "async () => 1\n;(async () => 2)"
      })
  void check_anythingElse_isRefusedAsInvalidProgram(String source) {
    assertThatThrownBy(() -> ProgramShape.check(source, 64 * 1024))
        .isInstanceOf(ProgramShape.InvalidProgram.class)
        .hasMessageMatching("(?s).*(async function expression|syntax error|#!).*");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   ", "\n", "```js\n\n```", "```\n  \n```"})
  void check_emptySource_saysWhatToSend(String source) {
    assertThatThrownBy(() -> ProgramShape.check(source, 100))
        .isInstanceOf(ProgramShape.InvalidProgram.class)
        .hasMessageContaining("the program is empty");
  }

  @org.junit.jupiter.api.Test
  void check_overTheSourceLimit_namesTheLimit() {
    String source = "async () => '" + "é".repeat(60) + "'";
    assertThatThrownBy(() -> ProgramShape.check(source, 100))
        .isInstanceOf(ProgramShape.InvalidProgram.class)
        .hasMessageContaining("over the limit of 100 bytes (maxSourceBytes)");
  }

  @Test
  void check_unfencedProgram_isReturnedAsSent() throws ProgramShape.InvalidProgram {
    assertThat(ProgramShape.check("  async () => 1 // done\n", 1024))
        .isEqualTo("  async () => 1 // done\n");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "```js\nasync () => {\n  return 1;\n}\n```",
        "```javascript\nasync () => {\n  return 1;\n}\n```",
        "```ts\nasync () => {\n  return 1;\n}\n```",
        "```typescript\nasync () => {\n  return 1;\n}\n```",
        "```\nasync () => {\n  return 1;\n}\n```",
        "```JS\nasync () => {\n  return 1;\n}\n```",
        "\n  ```js  \nasync () => {\n  return 1;\n}\n```  \n",
        "````js\nasync () => {\n  return 1;\n}\n````",
        "```js\r\nasync () => {\n  return 1;\n}\r\n```"
      })
  void check_programInOneSurroundingFence_returnsTheFencesBody(String source)
      throws ProgramShape.InvalidProgram {
    assertThat(ProgramShape.check(source, 1024)).isEqualTo("async () => {\n  return 1;\n}");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Here it is:\n```js\nasync () => 1\n```",
        "```js\nasync () => 1\n```\nThat returns 1.",
        "```js\nasync () => 1\n```\n```js\nasync () => 2\n```",
        "```js\nasync () => 1\n```\n;loop()\n```",
        "```python\nasync () => 1\n```",
        "```js\nasync () => 1",
        "async () => 1\n```",
        "```js async () => 1```",
        "```js\nasync () => 1\n````",
        "```js\n```"
      })
  void check_fenceThatIsNotOneAroundTheWholeProgram_isRefusedAsBefore(String source) {
    // Backticks are template literals to the parser: some of these parse as a tagged template
    // expression and are refused for their shape, the others for their syntax.
    assertThatThrownBy(() -> ProgramShape.check(source, 1024))
        .isInstanceOf(ProgramShape.InvalidProgram.class)
        .hasMessageMatching("(syntax error: |the program must be exactly one async function).*");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      async (): Promise<number> => 1                                    | the return type annotation `: Promise<number>` at line 1, column 9
      async function f(x: number): Promise<number> { return x; }        | the parameter type annotation `: number` at line 1, column 19
      async () => [1].map((r: Row) => r)                                | the parameter type annotation `: Row` at line 1, column 23
      async () => { const f = (a?: number) => a; return f(1); }         | the parameter type annotation `: number` at line 1, column 28
      async () => { try { return 1; } catch (e: unknown) { return 2; } } | the parameter type annotation `: unknown` at line 1, column 41
      async () => { const x: number = 1; return x; }                    | the variable type annotation `: number` at line 1, column 22
      async () => { let y: {a: number} = {a: 1}; return y; }            | the variable type annotation `: {a: number}` at line 1, column 20
      async () => { const { a }: { a: number } = {a: 1}; return a; }    | the variable type annotation `: { a: number }` at line 1, column 26
      async () => { for (const r: Row of []) {} return 1; }             | the parameter type annotation `: Row` at line 1, column 27
      async () => { const r = await t.echo({}); return r as string; }   | the type assertion `as string` at line 1, column 52
      async () => { const r = {} as Record<string, number>; return r; } | the type assertion `as Record<string, number>` at line 1, column 28
      async () => { const a = [1]; return a[0]!.toFixed(); } | the non-null assertion `!` at line 1, column 41
      async () => { interface Row { a: string } return 1; }             | the interface declaration `interface Row` at line 1, column 15
      async () => { type X = {a: string}; return 1; }                   | the type alias `type X` at line 1, column 15
      async () => { enum E { A } return 1; }                            | the enum declaration `enum E` at line 1, column 15
      async () => { function g<T>(x: T): T { return x; } return g(1); } | the type parameters `<T>` at line 1, column 25
      async () => { const m = new Map<string, number>(); return m; }    | the type arguments `<string, number>` at line 1, column 32
      async () => {\\n  const rows: Row[] = [];\\n  return rows;\\n}      | the variable type annotation `: Row[]` at line 2, column 13
      ```ts\\nasync (): Promise<number> => 1\\n```                      | the return type annotation `: Promise<number>` at line 1, column 9
      """)
  void check_typeScript_isRefusedNamingTheConstructAndWhere(String source, String found) {
    assertThatThrownBy(() -> ProgramShape.check(source.replace("\\n", "\n"), 1024))
        .isInstanceOf(ProgramShape.InvalidProgram.class)
        .hasMessage(
            "the program is TypeScript, which this sandbox does not run: "
                + found
                + "; send plain JavaScript without types (no annotations, `as` casts, interfaces, "
                + "type aliases, enums or generics), e.g. async () => { ... }");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "async () => ({a: 1, b: {c: 'd'}})",
        "async () => { const o = {a: 1, 'b:c': 'x: y'}; return o; }",
        "async () => { const a = 1; return a > 0 ? 'yes' : 'no'; }",
        "async () => { const a = 1; return (a) ? (a) : (0); }",
        "async () => { outer: for (const x of [1, 2]) { if (x) break outer; } return 1; }",
        "async () => { const as = 1, type = 2, satisfies = 3; return as + type + satisfies; }",
        "async () => { let type = 'x'; type = 'y'; return type; }",
        "async () => { const s = 'a: number', t2 = \"x as string\"; return s + t2; }",
        "async () => `${1}: ${'{'}`",
        "async () => { const x = 1 < 2, y = 3 > 2; return [x, y]; }",
        "async () => { switch (1) { case 1: return 'one'; default: return 2; } }",
        "async () => { const re = /a:b/g; return 'a:b'.replace(re, '') }",
        "async ({a} = {a: 1}) => a",
        "async () => { const f = ({a: b}) => b; return f({a: 1}); }",
        "async () => ({ get a() { return 1; }, 'x': 2 })?.a"
      })
  void check_javaScriptWithColonsAndTypeScriptWords_isAccepted(String source) {
    assertThatCode(() -> ProgramShape.check(source, 1024)).doesNotThrowAnyException();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "async () => { a: 1, b: 2 }",
        "async () => { const x = ; return x; }",
        "async () => { return 'a' 'b'; }",
        "async () => { x ! y; }",
        "async () => billing.invoices(customer: 'Acme')",
        "async () => { const a = 1; return f(a) : 2; }",
        "async () => { const o = {m(x) { return x; }}; return o.m(a: 1); }"
      })
  void check_syntaxErrorThatIsNotTypeScript_getsTheParsersMessage(String source) {
    assertThatThrownBy(() -> ProgramShape.check(source, 1024))
        .isInstanceOf(ProgramShape.InvalidProgram.class)
        .hasMessageStartingWith("syntax error: ")
        .hasMessageNotContaining("TypeScript");
  }
}
