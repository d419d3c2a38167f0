package io.codemode4j.bridge.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GuestJsonTest {

  private static String nested(int depth) {
    return "[".repeat(depth) + "]".repeat(depth);
  }

  @Test
  void read_atTheDepthLimit_isRead() throws Exception {
    assertThat(GuestJson.read(nested(GuestJson.MAX_DEPTH), "the returned value").isArray())
        .isTrue();
  }

  @Test
  void read_deeperThanTheLimit_saysHowDeepAndWhatToDo() {
    assertThatThrownBy(
            () -> GuestJson.read(nested(GuestJson.MAX_DEPTH + 100), "the arguments object"))
        .isInstanceOf(GuestJson.UnreadableException.class)
        .hasMessage(
            "the arguments object nests 500 levels deep (arrays and objects inside each other), more than"
                + " the 400 the host reads: flatten it, e.g. into a list of rows");
  }

  @Test
  void read_keysAndStringsLongerThanJacksonsDefaults_areRead() throws Exception {
    String key = "k".repeat(60_000);
    String value = "v".repeat(21_000_000);

    assertThat(
            GuestJson.read("{\"" + key + "\":\"" + value + "\"}", "the returned value")
                .get(key)
                .asString())
        .hasSize(21_000_000);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"a\\ud800\":1}|a\\uD800",
        "{\"ok\":{\"\\udc00\":1}}|\\uDC00",
        "[{\"x\":1},{\"\\ud83d\":2}]|\\uD83D",
      })
  void read_keyWithALoneSurrogate_namesTheKeyEscaped(String json, String shown) {
    assertThatThrownBy(() -> GuestJson.read(json, "the returned value"))
        .isInstanceOf(GuestJson.UnreadableException.class)
        .hasMessage(
            "the returned value has the key \""
                + shown
                + "\", which holds half of a UTF-16 surrogate pair; a key must be whole Unicode"
                + " text: remove or replace that character")
        .message()
        .doesNotContain("Jackson", "StreamReadConstraints", "tools.");
  }

  @Test
  void read_loneSurrogateInAValueOrAWholePairInAKey_isRead() throws Exception {
    assertThat(
            GuestJson.read("{\"\\ud83d\\ude00\":\"\\ud800\"}", "v").get("\uD83D\uDE00").asString())
        .isEqualTo("\uD800");
  }

  @Test
  void readOrNull_unreadableOrNone_isNull() {
    assertThat(GuestJson.readOrNull(null)).isNull();
    assertThat(GuestJson.readOrNull(nested(GuestJson.MAX_DEPTH + 1))).isNull();
  }

  @Test
  void frames_valueAtTheLimitInsideAFrame_isRead() {
    String frame = "{\"outcome\":{\"result\":" + nested(GuestJson.MAX_DEPTH) + "}}";

    assertThat(GuestJson.frames().readTree(frame).path("outcome").path("result").isArray())
        .isTrue();
  }
}
