package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.internal.broker.SchemaValidator;
import io.codemode4j.bridge.tool.ExecutionClass;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Both outer tools end to end as an MCP server or a LangChain4j adapter calls them: the spec it
 * registers, then arguments in and the result JSON out, checked against the spec's own output
 * schema; invalid arguments come back as a typed error result, never an exception.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OuterToolIT {

  private CodeMode codeMode;
  private ToolDiscovery discovery;

  @BeforeAll
  void build() {
    codeMode = new TestTools().codeMode().includeDeclarations(false).build();
    discovery = ToolDiscovery.of(java.util.List.of(codeMode));
  }

  @AfterAll
  void close() {
    codeMode.close();
  }

  private static void assertMatchesOutputSchema(OuterTool tool, ObjectNode json) {
    assertThat(SchemaValidator.compile("output", tool.spec().success()).problems(json)).isEmpty();
  }

  @Test
  void runJavascript_spec_isTheCodeModeToolWithItsSchemas() {
    OuterTool tool = codeMode.outerTool();

    assertThat(tool.name()).isEqualTo("run_javascript");
    assertThat(tool.spec()).isEqualTo(codeMode.tool());
    assertThat(tool.spec().parameters().get("required").toString()).isEqualTo("[\"code\"]");
    assertThat(tool.spec().executionClass()).isEqualTo(ExecutionClass.MUTATION);
  }

  @Test
  void runJavascript_validCode_returnsTheEgressAsASuccess() {
    OuterTool tool = codeMode.outerTool();

    OuterToolResult result =
        tool.handler()
            .handle(
                TestTools.json(
                    "{\"code\": \"async () => { console.log('hi'); return (await t.echo({value:"
                        + " 7})).value; }\"}"),
                TestTools.run());

    assertThat(result).isInstanceOf(OuterToolResult.Success.class);
    assertThat(result.isError()).isFalse();
    ObjectNode json = result.json();
    assertThat(json.get("ok").asBoolean()).isTrue();
    assertThat(json.get("result").asInt()).isEqualTo(7);
    assertThat(json.get("logs").toString()).isEqualTo("[\"hi\"]");
    assertThat(json.get("calls").get(0).get("method").asString()).isEqualTo("t.echo");
    assertMatchesOutputSchema(tool, json);
  }

  @Test
  void runJavascript_programThatThrows_isAPassFailedErrorWithTheEgress() {
    OuterTool tool = codeMode.outerTool();

    OuterToolResult result =
        tool.handler()
            .handle(
                TestTools.json("{\"code\": \"async () => { throw new Error('boom'); }\"}"),
                TestTools.run());

    assertThat(result)
        .isInstanceOfSatisfying(
            OuterToolResult.Failure.class,
            failure -> {
              assertThat(failure.kind()).isEqualTo(OuterToolResult.ErrorKind.PASS_FAILED);
              assertThat(failure.message()).contains("boom");
            });
    assertThat(result.isError()).isTrue();
    assertThat(result.json().get("ok").asBoolean()).isFalse();
    assertThat(result.json().get("error").get("kind").asString()).isEqualTo("thrown");
    assertMatchesOutputSchema(tool, result.json());
  }

  @ParameterizedTest
  @ValueSource(strings = {"{}", "{\"code\": 42}", "{\"code\": \"async () => 1\", \"x\": 1}", "[]"})
  void runJavascript_invalidArguments_isAnInvalidArgumentsErrorAndRunsNoPass(String arguments) {
    OuterTool tool = codeMode.outerTool();

    OuterToolResult result = tool.handler().handle(TestTools.json(arguments), TestTools.run());

    assertThat(result)
        .isInstanceOfSatisfying(
            OuterToolResult.Failure.class,
            failure -> {
              assertThat(failure.kind()).isEqualTo(OuterToolResult.ErrorKind.INVALID_ARGUMENTS);
              assertThat(failure.message())
                  .startsWith("arguments do not match the input schema of run_javascript: ");
            });
    assertThat(result.json().get("error").get("kind").asString()).isEqualTo("invalid_arguments");
    assertThat(result.json().get("calls")).isEmpty();
    assertMatchesOutputSchema(tool, result.json());
  }

  @Test
  void runJavascript_noArguments_isAnInvalidArgumentsError() {
    OuterToolResult result = codeMode.outerTool().handler().handle(null, TestTools.run());

    assertThat(result)
        .isInstanceOfSatisfying(
            OuterToolResult.Failure.class,
            failure ->
                assertThat(failure.kind()).isEqualTo(OuterToolResult.ErrorKind.INVALID_ARGUMENTS));
  }

  @Test
  void discoverTools_spec_isTheDiscoveryToolWithItsSchemas() {
    OuterTool tool = discovery.outerTool();

    assertThat(tool.name()).isEqualTo(ToolDiscovery.TOOL_NAME);
    assertThat(tool.spec()).isEqualTo(discovery.tool());
    assertThat(tool.spec().executionClass()).isEqualTo(ExecutionClass.READONLY);
  }

  @Test
  void discoverTools_query_returnsTheMatchesAsASuccess() {
    OuterTool tool = discovery.outerTool();

    OuterToolResult result =
        tool.handler()
            .handle(TestTools.json("{\"query\": \"echo\", \"limit\": 2}"), TestTools.run());

    assertThat(result).isInstanceOf(OuterToolResult.Success.class);
    JsonNode matches = result.json().get("matches");
    assertThat(matches).isNotEmpty();
    assertThat(matches.get(0).get("name").asString()).isEqualTo("t.echo");
    assertThat(result.json())
        .isEqualTo(
            discovery.discover(
                TestTools.json("{\"query\": \"echo\", \"limit\": 2}"), TestTools.run()));
    assertMatchesOutputSchema(tool, result.json());
  }

  @ParameterizedTest
  @ValueSource(strings = {"{}", "{\"query\": \"  \"}", "{\"query\": \"echo\", \"limit\": 99}", "3"})
  void discoverTools_invalidArguments_isAnInvalidArgumentsErrorResult(String arguments) {
    OuterToolResult result =
        discovery.outerTool().handler().handle(TestTools.json(arguments), TestTools.run());

    assertThat(result)
        .isInstanceOfSatisfying(
            OuterToolResult.Failure.class,
            failure -> {
              assertThat(failure.kind()).isEqualTo(OuterToolResult.ErrorKind.INVALID_ARGUMENTS);
              assertThat(failure.message())
                  .startsWith("arguments do not match the parameters of discover_tools: ");
            });
    assertThat(result.isError()).isTrue();
    assertThat(result.json().get("error").get("kind").asString()).isEqualTo("invalid_arguments");
  }

  @Test
  void discoverTools_noArguments_isAnInvalidArgumentsError() {
    assertThat(discovery.outerTool().handler().handle(null, TestTools.run()).isError()).isTrue();
  }
}
