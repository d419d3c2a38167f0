package io.codemode4j.cli;

import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The text of {@code ask --transcript}, within a size cap of its own.
 *
 * <p>Decided: a transcript is for a person to read what happened, so it keeps every turn and call
 * with its name, id, error flag and timing; when the whole would pass {@link #MAX_BYTES}, the bulky
 * parts (a call's program, arguments and result, a turn's text) are left out oldest turn first,
 * each replaced by a note, and the file says how many turns lost them. What is left out is the
 * model's and the tools' text, which the history cap already bounded for the model; the outcome and
 * the question are never cut. A transcript that cannot fit even so is not written, and the command
 * says why.
 */
final class TranscriptText {

  /** The most UTF-8 bytes a transcript file has. */
  static final int MAX_BYTES = 4 * 1024 * 1024;

  private static final String LEFT_OUT = "[left out: the transcript keeps at most %d bytes]";

  private TranscriptText() {}

  /**
   * {@code transcript} as pretty-printed JSON of at most {@code maxBytes} UTF-8 bytes, with the
   * bulky parts of its oldest turns left out as needed (it is changed in place).
   *
   * @throws TooLarge when it does not fit even with every turn's bulky parts left out
   */
  static String render(ObjectNode transcript, int maxBytes, JsonMapper mapper) throws TooLarge {
    String text = write(transcript, mapper);
    JsonNode turns = transcript.path("turns");
    String note = LEFT_OUT.formatted(maxBytes);
    int cut = 0;
    for (int i = 0; i < turns.size() && utf8(text) > maxBytes; i++) {
      ObjectNode turn = (ObjectNode) turns.get(i);
      if (turn.hasNonNull("text")) {
        turn.put("text", note);
      }
      for (JsonNode call : turn.path("calls")) {
        ObjectNode c = (ObjectNode) call;
        for (String bulky : new String[] {"program", "arguments", "result"}) {
          if (c.has(bulky)) {
            c.put(bulky, note);
          }
        }
      }
      cut++;
      transcript.put(
          "leftOut",
          "the text, programs, arguments and results of the first "
              + cut
              + " of "
              + turns.size()
              + " turns: the transcript keeps at most "
              + maxBytes
              + " bytes");
      text = write(transcript, mapper);
    }
    if (utf8(text) > maxBytes) {
      throw new TooLarge(
          "it would be "
              + utf8(text)
              + " bytes even without the turns' text, programs and results, over its cap of "
              + maxBytes
              + " bytes");
    }
    return text;
  }

  private static String write(ObjectNode transcript, JsonMapper mapper) {
    return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(transcript) + "\n";
  }

  private static long utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }

  /** A transcript that cannot fit its cap; the message says by how much. */
  static final class TooLarge extends Exception {
    private static final long serialVersionUID = 1L;

    TooLarge(String message) {
      super(message);
    }
  }
}
