package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SlugsTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "Your own warehouse | your-own-warehouse",
        "MCP server | mcp-server",
        "One shared server over HTTP | one-shared-server-over-http",
        "Code Mode in one example | code-mode-in-one-example",
        "What's new? | whats-new",
        "`codemode run` and `--chart` | codemode-run-and---chart",
        "Spring Boot (starter + autoconfigure) | spring-boot-starter--autoconfigure",
        "snake_case_name | snake_case_name",
        "A -- B | a----b",
        "PostgreSQL 18: the reader | postgresql-18-the-reader",
        "Überblick & Änderungen | überblick--änderungen",
        "1.5 minutes, 20% faster | 15-minutes-20-faster",
      })
  void slug_ofAHeading_followsGitHubsRule(String heading, String expected) {
    assertThat(Slugs.slug(heading)).isEqualTo(expected);
  }

  @Test
  void next_ofRepeatedHeadings_numbersTheRepeats() {
    Slugs slugs = new Slugs();
    List<String> anchors =
        List.of("Tests", "Tests", "Tests-1", "Tests").stream().map(slugs::next).toList();
    assertThat(anchors).containsExactly("tests", "tests-1", "tests-1-1", "tests-2");
  }
}
