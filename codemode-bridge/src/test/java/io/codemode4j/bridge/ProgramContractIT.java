package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.LogEntry;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The program contract on real GraalJS: shape, JSON results, thrown values, console, sandbox
 * surface.
 */
class ProgramContractIT {

  private static TestTools tools;
  private static CodeMode codeMode;

  @BeforeAll
  static void build() {
    tools = new TestTools();
    codeMode = tools.codeMode().build();
  }

  @AfterAll
  static void close() {
    codeMode.close();
  }

  private static PassOutcome run(String code) {
    return codeMode.run(code, TestTools.run());
  }

  private static JsonNode result(String code) {
    PassOutcome outcome = run(code);
    assertThat(outcome).isInstanceOf(PassSuccess.class);
    return ((PassSuccess) outcome).result();
  }

  private static PassFailure failure(String code) {
    PassOutcome outcome = run(code);
    assertThat(outcome).isInstanceOf(PassFailure.class);
    return (PassFailure) outcome;
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
      async () => 1                                            | 1
      async () => null                                         | null
      async function () { return {a: [1, 'x', null, true]}; } | {"a":[1,"x",null,true]}
      async () => ({d: new Date(0)})                           | {"d":"1970-01-01T00:00:00.000Z"}
      async () => [undefined, () => 1]                         | [null,null]
      async () => ({toJSON() { return 'custom'; }})            | "custom"
      async () => 0.1 + 0.2                                    | 0.30000000000000004
      """)
  void run_returnedValue_becomesJsonWithStringifySemantics(String code, String json) {
    assertThat(result(code).toString()).isEqualTo(json);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "async () => 10n",
        "async () => { const a = {}; a.self = a; return a; }",
        "async () => () => 1",
        "async () => Symbol('s')"
      })
  void run_valueWithoutJsonForm_failsNotJson(String code) {
    PassFailure failure = failure(code);
    assertThat(failure.kind()).isEqualTo(FailureKind.NOT_JSON);
    assertThat(failure.message()).startsWith("the returned value cannot become JSON");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "async () => {}",
        "async () => undefined",
        "async () => { await t.echo({value: 1}); }",
        "async function () { const answer = 42; }",
        "async () => { [1].map((x) => x); }"
      })
  void run_programThatReturnsNothing_failsSayingSoAndToReturnTheAnswer(String code) {
    PassFailure failure = failure(code);
    assertThat(failure.kind()).isEqualTo(FailureKind.NOT_JSON);
    assertThat(failure.message())
        .startsWith("the program returned nothing (undefined): return the answer");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "```js\nasync () => (await t.echo({value: 41})).value + 1\n```",
        "```javascript\nasync () => {\n  const r = await t.echo({value: 41});\n  return r.value + 1;\n}\n```\n",
        "```\nasync () => 42\n```"
      })
  void run_programInOneMarkdownFence_runsTheFencesBody(String code) {
    assertThat(result(code).asInt()).isEqualTo(42);
  }

  @Test
  void run_typeScriptProgram_failsInvalidProgramNamingTheAnnotation() {
    PassFailure failure =
        failure(
            "async (): Promise<number> => {\n  const r: {value: number} = await t.echo({value: 1});\n  return r.value;\n}");
    assertThat(failure.kind()).isEqualTo(FailureKind.INVALID_PROGRAM);
    assertThat(failure.calls()).isEmpty();
    assertThat(failure.message())
        .startsWith(
            "the program is TypeScript, which this sandbox does not run: the return type "
                + "annotation `: Promise<number>` at line 1, column 9; send plain JavaScript");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"1", "() => 1", "async () => 1; globalThis.x = 1", "async () => {", "import('x')"})
  void run_notOneAsyncFunction_failsInvalidProgramBeforeRunning(String code) {
    PassFailure failure = failure(code);
    assertThat(failure.kind()).isEqualTo(FailureKind.INVALID_PROGRAM);
    assertThat(failure.calls()).isEmpty();
    assertThat(failure.egress().json().get("error").get("kind").asString())
        .isEqualTo("invalid_program");
  }

  @Test
  void run_programThrowsError_failsThrownWithNameAndMessage() {
    PassFailure failure = failure("async () => { throw new RangeError('out of range'); }");
    assertThat(failure.kind()).isEqualTo(FailureKind.THROWN);
    assertThat(failure.message()).isEqualTo("the program threw RangeError: out of range");
    assertThat(failure.thrown())
        .satisfies(
            v ->
                assertThat(v.toString())
                    .isEqualTo("{\"name\":\"RangeError\",\"message\":\"out of range\"}"));
  }

  @Test
  void run_programThrowsPlainValue_keepsTheValue() {
    PassFailure failure = failure("async () => { throw {code: 42}; }");
    assertThat(failure.kind()).isEqualTo(FailureKind.THROWN);
    assertThat(failure.thrown())
        .satisfies(v -> assertThat(v.toString()).isEqualTo("{\"code\":42}"));
  }

  @Test
  void run_uncaughtToolFailure_namesTheToolAndKind() {
    PassFailure failure =
        failure("async () => t.fail({kind: 'refused', message: 'table is not allowlisted'})");
    assertThat(failure.kind()).isEqualTo(FailureKind.THROWN);
    assertThat(failure.message())
        .isEqualTo("uncaught failure of t.fail (refused): table is not allowlisted");
  }

  @Test
  void run_caughtToolFailure_isAFrozenPlainObject() {
    JsonNode result =
        result(
            """
        async () => {
          try { await t.fail({kind: 'unauthorized', message: 'no'}); }
          catch (e) {
            return {kind: e.kind, tool: e.tool, message: e.message, frozen: Object.isFrozen(e),
                    plain: Object.getPrototypeOf(e) === Object.prototype, isError: e instanceof Error};
          }
        }""");
    assertThat(result.toString())
        .isEqualTo(
            "{\"kind\":\"unauthorized\",\"tool\":\"t.fail\",\"message\":\"no\",\"frozen\":true,\"plain\":true,\"isError\":false}");
  }

  @Test
  void run_crashingHandler_failsWithoutLeakingItsException() {
    JsonNode result =
        result("async () => { try { await t.fail({kind: 'crash'}); } catch (e) { return e; } }");
    assertThat(result.get("kind").asString()).isEqualTo("failed");
    assertThat(result.get("message").asString())
        .doesNotContain("secret")
        .contains("internal error of the tool");
  }

  @Test
  void run_console_isCapturedWithLevelsAndFormatting() {
    PassOutcome outcome =
        run(
            """
        async () => {
          console.log('rows', 3, {a: 1}, [1, 2], null, undefined);
          console.info('info'); console.warn('careful'); console.error(new TypeError('bad'));
          return 1;
        }""");
    assertThat(outcome.logs())
        .containsExactly(
            new LogEntry(LogEntry.Level.LOG, "rows 3 {\"a\":1} [1,2] null undefined"),
            new LogEntry(LogEntry.Level.INFO, "info"),
            new LogEntry(LogEntry.Level.WARN, "careful"),
            new LogEntry(LogEntry.Level.ERROR, "TypeError: bad"));
    assertThat(outcome.egress().json().get("logs").toString())
        .isEqualTo(
            "[\"rows 3 {\\\"a\\\":1} [1,2] null undefined\",\"[info] info\",\"[warn] careful\",\"[error] TypeError: bad\"]");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "Java",
        "Polyglot",
        "Packages",
        "java",
        "load",
        "print",
        "quit",
        "exit",
        "read",
        "readline",
        "require",
        "process",
        "fetch",
        "XMLHttpRequest",
        "setTimeout",
        "setInterval",
        "Graal",
        "Debug",
        "module",
        "importScripts",
        "loadWithNewGlobal",
        "readbuffer",
        "printErr",
        "arguments"
      })
  void run_hostAndShellGlobals_doNotExist(String name) {
    assertThat(result("async () => typeof globalThis['" + name + "']").asString())
        .isEqualTo("undefined");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "eval('1')",
        "new Function('return 1')()",
        "(async function(){}).constructor('return 1')()",
        "(function*(){}).constructor('yield 1')().next()"
      })
  void run_dynamicCode_isRefused(String expression) {
    PassFailure failure = failure("async () => " + expression);
    assertThat(failure.kind()).isEqualTo(FailureKind.THROWN);
    assertThat(failure.message()).contains("EvalError");
  }

  @Test
  void run_methodOutsideTheAllowlist_isATypeErrorNamingTheMethodsAndDiscovery() {
    PassFailure failure = failure("async () => t.payroll({})");
    assertThat(failure.message())
        .isEqualTo(
            "the program threw TypeError: (intermediate value).payroll is not a function: t has no "
                + "method payroll; "
                + "its methods are echo, fail, block, big (discover_tools finds a method by what it "
                + "does and returns its declaration)");
    assertThat(failure.calls()).isEmpty();
    assertThat(result("async () => [Object.keys(t), typeof warehouse]").toString())
        .isEqualTo("[[\"echo\",\"fail\",\"block\",\"big\"],\"undefined\"]");
  }

  @Test
  void run_misspelledMethodAwaitedInPromiseAll_namesTheClosestMethod() {
    PassFailure failure =
        failure("async () => Promise.all([t.echo({value: 1}), t.ecko({value: 2})])");
    assertThat(failure.kind()).isEqualTo(FailureKind.THROWN);
    assertThat(failure.message())
        .contains("t has no method ecko (did you mean echo?); its methods are echo, fail");
  }

  @Test
  void run_namespaceThatDoesNotExist_namesTheNamespaces() {
    PassFailure failure = failure("async () => billing.invoices({customer: 'Acme'})");
    assertThat(failure.message())
        .isEqualTo(
            "the program threw ReferenceError: billing is not defined: there is no namespace "
                + "billing; the namespaces are t (discover_tools finds a method by what it does and "
                + "returns its declaration)");
  }

  @Test
  void run_namespaces_areFrozenAndMethodsCannotReachTheHost() {
    JsonNode result =
        result(
            """
        async () => {
          'use strict';
          const out = {frozen: Object.isFrozen(t), methodFrozen: Object.isFrozen(t.echo), proto: Object.getPrototypeOf(t)};
          try { t.echo = () => 1; out.reassigned = true; } catch (e) { out.reassigned = e.constructor.name; }
          try { t.extra = 1; out.added = true; } catch (e) { out.added = e.constructor.name; }
          try { globalThis.t = {}; out.replaced = true; } catch (e) { out.replaced = e.constructor.name; }
          try { new t.echo({value: 1}); out.constructed = true; } catch (e) { out.constructed = e.constructor.name; }
          out.prototype = t.echo.prototype === undefined;
          out.source = String(t.echo).includes('host') ? 'mentions host' : 'ok';
          return out;
        }""");
    assertThat(result.toString())
        .isEqualTo(
            "{\"frozen\":true,\"methodFrozen\":true,\"proto\":null,"
                + "\"reassigned\":\"TypeError\",\"added\":\"TypeError\",\"replaced\":\"TypeError\",\"constructed\":\"TypeError\","
                + "\"prototype\":true,\"source\":\"ok\"}");
  }

  @Test
  void run_reassigningBuiltIns_doesNotBreakTheBridge() {
    JsonNode result =
        result(
            """
        async () => {
          JSON.stringify = () => '{"value":"forged"}';
          JSON.parse = () => ({value: 'forged'});
          Promise.prototype.then = function () { throw new Error('hijacked'); };
          const r = await t.echo({value: 'real'});
          return r.value;
        }""");
    assertThat(result.asString()).isEqualTo("real");
  }

  @Test
  void run_passes_shareNoState() {
    PassSuccess first =
        (PassSuccess)
            run(
                """
        async () => {
          globalThis.leak = 'from pass 1';
          Object.prototype.polluted = 'yes';
          Array.prototype.map = null;
          return 1;
        }""");
    assertThat(first.result().asInt()).isEqualTo(1);
    JsonNode second = result("async () => [typeof leak, ({}).polluted ?? 'clean', typeof [].map]");
    assertThat(second.toString()).isEqualTo("[\"undefined\",\"clean\",\"function\"]");
  }

  @Test
  void run_sameProgramTwice_getsFreshCallIds() {
    PassOutcome a = run("async () => t.echo({value: 1})");
    PassOutcome b = run("async () => t.echo({value: 1})");
    assertThat(a.passId()).isNotEqualTo(b.passId());
    assertThat(List.of(a.calls().get(0).callId(), b.calls().get(0).callId()))
        .doesNotHaveDuplicates();
  }
}
