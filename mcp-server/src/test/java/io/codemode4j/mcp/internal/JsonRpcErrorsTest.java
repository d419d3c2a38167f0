package io.codemode4j.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.audit.InternalFailure;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class JsonRpcErrorsTest {

  static final JsonMapper JSON = JsonMapper.builder().build();

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"text\":\"java.lang.String in a result is data\"}}",
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"error\":{\"code\":-32601,\"message\":\"Method not found: x\"}}",
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":-32602,\"message\":\"Unknown tool: invalid_tool_name\",\"data\":\"Tool not found: nosuch\"}}",
        "{\"jsonrpc\":\"2.0\",\"id\":4,\"error\":{\"code\":-32002,\"message\":\"Resource not found\",\"data\":{\"uri\":\"x://y\"}}}",
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{}}"
      })
  void safe_answerReadingAsNoJava_isSentAsItIs(String line) {
    JsonNode response = JSON.readTree(line);

    assertThat(JsonRpcErrors.safe(response)).isSameAs(response);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          -32603 | Unexpected error: it broke                                                               | -32603
          -32603 | Internal error: boom                                                                     | -32603
          -32602 | tools.jackson.databind.exc.MismatchedInputException: Cannot deserialize value            | -32602
          -32600 | Cannot invoke "io.modelcontextprotocol.spec.McpSchema$CallToolRequest.name()"           | -32600
          -32602 | Cannot construct instance of `McpSchema$InitializeRequest`                               | -32602
          -32000 | NullPointerException                                                                     | -32000
          -32001 | failed at [Source: REDACTED; line: 1]                                                    | -32001
          -32001 | at io.codemode4j.mcp.internal.McpFeatures.call(McpFeatures.java:120)                     | -32001
          """)
  void safe_errorReadingAsJavaOrInternal_isOneSentenceWithItsIdAndCode(
      int code, String message, int expectedCode) {
    JsonNode response =
        JsonRpcErrors.error(JSON.getNodeFactory().numberNode(7), code, message)
            .set(
                "error",
                JSON.createObjectNode().put("code", code).put("message", message).put("data", "x"));
    response = JSON.readTree(response.toString());

    JsonNode safe = JsonRpcErrors.safe(response);

    assertThat(safe.get("id").asInt()).isEqualTo(7);
    assertThat(safe.get("error").get("code").asInt()).isEqualTo(expectedCode);
    assertThat(safe.get("error").has("data")).isFalse();
    assertThat(safe.get("error").get("message").asString())
        .doesNotContain(message)
        .endsWith("the server could not handle this request; its log has the details")
        .satisfies(m -> assertThat(InternalFailure.readsAsJava(m)).isFalse());
  }
}
