package io.codemode4j.agent.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

class ToolRequestRepairTest {

  /** {@code <null>} in a table stands for a field the model left out. */
  private static @Nullable String orNull(String cell) {
    return cell.equals("<null>") ? null : cell;
  }

  @ParameterizedTest(name = "id={0} name={1} arguments={2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        // id     | name           | arguments     | id after | name after     | arguments after
        "c1       | run_javascript | `{\"code\":1}` | c1       | run_javascript | `{\"code\":1}`",
        "<null>   | run_javascript | `{}`          | minted   | run_javascript | `{}`",
        "``       | run_javascript | `{}`          | minted   | run_javascript | `{}`",
        "`  `     | run_javascript | `{}`          | minted   | run_javascript | `{}`",
        "c2       | <null>         | `{}`          | c2       | ``             | `{}`",
        "c3       | run_javascript | <null>        | c3       | run_javascript | ``",
        "<null>   | <null>         | <null>        | minted   | ``             | ``",
        "c4       | ``             | not json      | c4       | ``             | not json",
      })
  void wellFormed_missingParts_areFilledAndTheRestKept(
      String id,
      String name,
      String arguments,
      String idAfter,
      String nameAfter,
      String argumentsAfter) {
    ToolExecutionRequest request =
        ToolExecutionRequest.builder()
            .id(orNull(id))
            .name(orNull(name))
            .arguments(orNull(arguments))
            .build();

    ToolExecutionRequest fixed = ToolRequestRepair.wellFormed(request, () -> "minted");

    assertThat(fixed.id()).isEqualTo(idAfter);
    assertThat(fixed.name()).isEqualTo(nameAfter);
    assertThat(fixed.arguments()).isEqualTo(argumentsAfter);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        // arguments as sent                 | read as JSON (<null>: not JSON)
        "`{\"code\": \"async () => 1\"}`     | `{\"code\":\"async () => 1\"}`",
        "`{\"query\": \"invoices\"}`         | `{\"query\":\"invoices\"}`",
        "`[1, 2]`                            | `[1,2]`",
        "`null`                              | `null`",
        "`{\"code\": \"x\"`                  | <null>",
        "`code: x`                           | <null>",
        "`{'code': 'x'}`                     | <null>",
      })
  void arguments_text_isReadAsJsonOrNull(String text, String json) {
    JsonNode read = ToolRequestRepair.arguments(text);

    if (json.equals("<null>")) {
      assertThat(read).isNull();
    } else {
      assertThat(read).isNotNull();
      assertThat(read.toString()).isEqualTo(json);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        // arguments                                 | the program (<null>: not a program)
        "`{\"code\": \"async () => 1\"}`             | async () => 1",
        "`{\"code\": \"\"}`                          | ``",
        "`{\"code\": 1}`                             | <null>",
        "`{\"code\": null}`                          | <null>",
        "`{\"code\": \"x\", \"timeout\": 5}`         | <null>",
        "`{\"program\": \"x\"}`                      | <null>",
        "`[\"x\"]`                                   | <null>",
        "`\"async () => 1\"`                         | <null>",
        "`{\"code\": \"x\"`                          | <null>",
      })
  void program_arguments_isTheCodeOnlyWhenItIsTheOnlyStringKey(String arguments, String program) {
    assertThat(ToolRequestRepair.program(ToolRequestRepair.arguments(arguments)))
        .isEqualTo(orNull(program));
  }
}
