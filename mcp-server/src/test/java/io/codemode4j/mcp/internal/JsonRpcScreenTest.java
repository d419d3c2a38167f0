package io.codemode4j.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.audit.InternalFailure;
import io.codemode4j.mcp.MalformedMessages;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.json.JsonMapper;

class JsonRpcScreenTest {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final JsonRpcScreen STDIO = new JsonRpcScreen(JSON, true);
  static final JsonRpcScreen HTTP = new JsonRpcScreen(JSON, false);

  static List<MalformedMessages.Case> malformed() {
    return MalformedMessages.all(1000);
  }

  @ParameterizedTest
  @MethodSource("malformed")
  void screen_malformedMessage_isRefusedWithItsCodeAndIdInOurWords(MalformedMessages.Case c) {
    JsonRpcScreen.Verdict verdict = STDIO.screen(c.line());

    assertThat(verdict).isInstanceOf(JsonRpcScreen.Refused.class);
    JsonRpcScreen.Refused refused = (JsonRpcScreen.Refused) verdict;
    assertThat(refused.code().value()).isEqualTo(c.code());
    assertThat(refused.notification()).isEqualTo(c.notification());
    if (c.id() == null) {
      assertThat(refused.id()).isNull();
    } else {
      assertThat(refused.id()).isNotNull();
      assertThat(refused.id().asLong()).isEqualTo(c.id());
    }
    assertThat(refused.message())
        .matches("(Parse error|Invalid Request|Invalid params): [a-zA-Z_\"].+")
        .doesNotContainIgnoringCase("exception")
        .satisfies(m -> assertThat(InternalFailure.readsAsJava(m)).as(m).isFalse());
    assertThat(refused.toJson().get("id").isNull()).isEqualTo(c.id() == null);
  }

  @Test
  void malformed_battery_coversEveryFieldOfEveryMethod() {
    assertThat(malformed()).hasSizeGreaterThan(120);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}} | REQUEST
          {"jsonrpc":"2.0","id":"a-string-id","method":"ping"}                                                                                        | REQUEST
          {"jsonrpc":"2.0","id":-9007199254740993,"method":"ping","params":null}                                                                     | REQUEST
          {"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"cursor":"c","_meta":{"progressToken":"p"}}}                                       | REQUEST
          {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"run_javascript","arguments":{"code":"async () => 1"}}}                   | REQUEST
          {"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"run_javascript"}}                                                          | REQUEST
          {"jsonrpc":"2.0","id":5,"method":"prompts/get","params":{"name":"analyst","arguments":{"question":"q"}}}                                   | REQUEST
          {"jsonrpc":"2.0","id":6,"method":"resources/read","params":{"uri":"codemode://declarations"}}                                              | REQUEST
          {"jsonrpc":"2.0","id":7,"method":"logging/setLevel","params":{"level":"warning"}}                                                          | REQUEST
          {"jsonrpc":"2.0","id":8,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"analyst"},"argument":{"name":"q","value":""}}} | REQUEST
          {"jsonrpc":"2.0","id":9,"method":"some/futureMethod","params":{"anything":[1,{"x":null}]}}                                                 | REQUEST
          {"jsonrpc":"2.0","method":"notifications/initialized"}                                                                                       | NOTIFICATION
          {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"r","reason":"gone"}}                                            | NOTIFICATION
          {"jsonrpc":"2.0","id":10,"result":{}}                                                                                                          | RESPONSE
          {"jsonrpc":"2.0","id":"e","error":{"code":-1,"message":"m"}}                                                                                  | RESPONSE
          """)
  void screen_wellFormedMessage_isAcceptedAsItsKind(String line, JsonRpcScreen.Kind kind) {
    JsonRpcScreen.Verdict verdict = STDIO.screen(line);

    assertThat(verdict).isInstanceOf(JsonRpcScreen.Accepted.class);
    JsonRpcScreen.Accepted accepted = (JsonRpcScreen.Accepted) verdict;
    assertThat(accepted.kind()).isEqualTo(kind);
    assertThat(accepted.message().has("params") && accepted.message().get("params").isNull())
        .isFalse();
  }

  @Test
  void screen_responseOverStatelessHttp_isRefusedSayingWhy() {
    JsonRpcScreen.Verdict verdict = HTTP.screen("{\"jsonrpc\":\"2.0\",\"id\":10,\"result\":{}}");

    assertThat(verdict).isInstanceOf(JsonRpcScreen.Refused.class);
    assertThat(((JsonRpcScreen.Refused) verdict).message())
        .isEqualTo(
            "Invalid Request: this server sends no requests, so it takes no responses: send a"
                + " request or a notification");
  }

  @Test
  void screen_deeplyNestedMessage_isAParseErrorNamingNoParserLimitClass() {
    String deep = "[".repeat(5000) + "]".repeat(5000);

    JsonRpcScreen.Verdict verdict =
        STDIO.screen(
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":" + deep + "}}");

    assertThat(verdict).isInstanceOf(JsonRpcScreen.Refused.class);
    assertThat(((JsonRpcScreen.Refused) verdict).message())
        .isEqualTo(
            "Parse error: the message is nested too deeply or holds a number or string too long to"
                + " read");
  }
}
