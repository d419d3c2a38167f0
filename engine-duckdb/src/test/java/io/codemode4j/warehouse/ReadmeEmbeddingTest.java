package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The embedding snippet of docs/quick-start.md ("Embedding it") is the marked part of {@code
 * examples/embedding}'s {@code OrdersAnalyst}, verbatim: that file compiles and runs in this
 * module's tests ({@code example.OrdersAnalystTest}) and in the consumer project .ci/run builds.
 */
class ReadmeEmbeddingTest {

  static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

  @Test
  void quickStart_embeddingSnippet_isTheExampleFilesMarkedPart() throws Exception {
    List<String> lines =
        Files.readAllLines(
            ROOT.resolve("examples/embedding/src/main/java/example/OrdersAnalyst.java"));
    int start = lines.indexOf("// readme:embedding");
    int end = lines.indexOf("// end readme:embedding");
    assertThat(start).as("the file's start marker").isNotNegative();
    assertThat(end).as("the file's end marker").isGreaterThan(start + 1);
    String snippet = String.join("\n", lines.subList(start + 1, end));

    assertThat(Files.readString(ROOT.resolve("docs/quick-start.md")))
        .contains("```java\n" + snippet + "\n```");
  }
}
