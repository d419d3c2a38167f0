package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocsTreeTest {

  @Test
  void pages_ofACheckout_areTheNamedFilesAndEveryPageUnderDocs(@TempDir Path root)
      throws IOException {
    for (String file :
        new String[] {
          "README.md",
          "BENCHMARKS.md",
          "examples/README.md",
          "sample-data/README.md",
          "cli/README.md",
          "docs/README.md",
          "docs/quick-start.md",
          "docs/engines/duckdb.md",
          "docs/decisions/README.md",
          "docs/decisions/0001-graaljs-sandbox.md",
          "docs/images/diagram.svg"
        }) {
      Files.createDirectories(root.resolve(file).getParent());
      Files.writeString(root.resolve(file), "# " + file + "\n");
    }
    assertThat(DocsTree.pages(root.toRealPath()).stream().map(MarkdownPage::file))
        .containsExactly(
            "README.md",
            "examples/README.md",
            "sample-data/README.md",
            "docs/README.md",
            "docs/decisions/0001-graaljs-sandbox.md",
            "docs/decisions/README.md",
            "docs/engines/duckdb.md",
            "docs/quick-start.md");
  }

  @Test
  void pages_ofThisCheckout_includeTheReadme() {
    assertThat(DocsTree.pages().stream().map(MarkdownPage::file)).contains("README.md");
  }
}
