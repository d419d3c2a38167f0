package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class TranscriptTextTest {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  @Test
  void render_withinTheCap_isTheWholeTranscript() throws Exception {
    ObjectNode transcript = transcript(3, 100);
    String whole = MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(transcript) + "\n";

    assertThat(TranscriptText.render(transcript.deepCopy(), 1_000_000, MAPPER)).isEqualTo(whole);
  }

  /** Turns of 10 KB each under caps that fit the last few: the oldest lose their bulk first. */
  @ParameterizedTest
  @CsvSource({"8, 40000, 5", "8, 20000, 7", "4, 30000, 2", "1, 20000, 0"})
  void render_overTheCap_leavesOutTheOldestTurnsBulkAndFits(int turns, int cap, int cut)
      throws Exception {
    ObjectNode transcript = transcript(turns, 10_000);

    String text = TranscriptText.render(transcript, cap, MAPPER);

    assertThat(text.getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(cap);
    JsonNode read = MAPPER.readTree(text);
    assertThat(read.get("turns")).hasSize(turns);
    assertThat(read.at("/outcome/answer").asString()).isEqualTo("the answer");
    for (int i = 0; i < turns; i++) {
      JsonNode call = read.at("/turns/" + i + "/calls/0");
      assertThat(call.get("id").asString()).isEqualTo("call_" + i);
      boolean leftOut = call.get("result").asString("").startsWith("[left out");
      assertThat(leftOut).as("turn %d", i).isEqualTo(i < cut);
      assertThat(call.get("program").asString().startsWith("[left out")).isEqualTo(i < cut);
    }
    if (cut > 0) {
      assertThat(read.get("leftOut").asString())
          .isEqualTo(
              "the text, programs, arguments and results of the first "
                  + cut
                  + " of "
                  + turns
                  + " turns: the transcript keeps at most "
                  + cap
                  + " bytes");
    } else {
      assertThat(read.has("leftOut")).isFalse();
    }
  }

  @Test
  void render_overTheCapEvenWithoutTheBulk_isRefusedSayingBothSizes() {
    ObjectNode transcript = transcript(2, 10);
    transcript.put("question", "x".repeat(5_000));

    assertThatThrownBy(() -> TranscriptText.render(transcript, 2_000, MAPPER))
        .isInstanceOf(TranscriptText.TooLarge.class)
        .hasMessageContaining("even without the turns' text, programs and results")
        .hasMessageContaining("over its cap of 2000 bytes");
  }

  /** {@code turns} turns of one call each, whose program and result are {@code bulk} bytes each. */
  private static ObjectNode transcript(int turns, int bulk) {
    ObjectNode transcript = JsonNodeFactory.instance.objectNode().put("question", "q");
    transcript.putObject("outcome").put("answer", "the answer");
    ArrayNode list = transcript.putArray("turns");
    for (int i = 0; i < turns; i++) {
      ObjectNode turn = list.addObject().put("index", i + 1);
      turn.putNull("text");
      turn.putArray("calls")
          .addObject()
          .put("id", "call_" + i)
          .put("name", "run_javascript")
          .put("program", "p".repeat(bulk / 2))
          .put("result", "r".repeat(bulk / 2))
          .put("isError", false);
    }
    return transcript;
  }
}
