package io.codemode4j.agent.internal;

import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The answer in a model's final reply: one JSON value, forgiven one code fence around it. What is
 * wrong with a reply that holds none is said in words the repair turn sends back to the model.
 */
final class AnswerText {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private AnswerText() {}

  /** The answer in {@code text}, or null with the reason added to {@code wrong}. */
  static @Nullable JsonNode read(String text, List<String> wrong) {
    String json = text.strip();
    if (json.startsWith("```")) {
      int firstLine = json.indexOf('\n');
      if (firstLine > 0 && json.endsWith("```") && json.length() > firstLine + 3) {
        json = json.substring(firstLine + 1, json.length() - 3).strip();
      }
    }
    if (json.isEmpty()) {
      wrong.add("the reply is empty, and the answer must be a JSON value");
      return null;
    }
    try {
      return MAPPER.readTree(json);
    } catch (tools.jackson.core.exc.StreamConstraintsException e) {
      wrong.add(
          "the reply is JSON nested too deeply, or with a number or string too long, to read");
      return null;
    } catch (JacksonException e) {
      var at = e.getLocation();
      wrong.add(
          "the reply is not JSON"
              + (at == null || at.getLineNr() < 1
                  ? ""
                  : " (at line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"));
      return null;
    }
  }
}
