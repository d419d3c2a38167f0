package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The layout the docs conventions give the front door and the pages: the README's first block, its
 * size, and the indexes (README.md and docs/README.md each link every page of docs/, the same list;
 * docs/decisions/README.md every decision record, each named NNNN-short-title.md). The index and
 * size checks apply once a docs/ folder exists: before it, the README is the whole documentation.
 */
class DocsLayoutTest {

  /** The README's limit: what it is, the two commands, one example and the index. */
  static final long README_MAX_BYTES = 16 * 1024;

  private static final Pattern DECISION = Pattern.compile("[0-9]{4}-[a-z0-9]+(?:-[a-z0-9]+)*\\.md");

  @Test
  void readme_firstBlock_isTheTwoCommands() {
    MarkdownPage readme = DocsTree.page(DocsTree.root(), DocsTree.root().resolve("README.md"));
    assertThat(readme.blocks()).as("README.md's code blocks").isNotEmpty();
    CodeBlock first = readme.blocks().getFirst();
    assertThat(first.language()).as(first.where()).isEqualTo("sh");
    assertThat(first.text().lines().toList())
        .as(first.where())
        .containsExactly("./codemode run examples/top-region.js", "./mvnw -B verify");
  }

  @Test
  void readme_withADocsFolder_isAtMost16KB() throws IOException {
    assumeDocsFolder();
    assertThat(Files.size(DocsTree.root().resolve("README.md")))
        .as("README.md's bytes (the rest belongs in a page of docs/)")
        .isLessThanOrEqualTo(README_MAX_BYTES);
  }

  @Test
  void readmeAndDocsIndex_linkEveryPage_theSameList() {
    assumeDocsFolder();
    Path root = DocsTree.root();
    Set<Path> pages = new TreeSet<>();
    for (MarkdownPage page : DocsTree.pages()) {
      Path file = root.resolve(page.file());
      if (file.startsWith(root.resolve("docs"))
          && !file.equals(root.resolve("docs/README.md"))
          && !isDecision(root, file)) {
        pages.add(file);
      }
    }
    assertThat(root.resolve("docs/README.md")).as("the docs index").isRegularFile();
    Set<Path> fromReadme = linkedPages(root, root.resolve("README.md"));
    Set<Path> fromIndex = linkedPages(root, root.resolve("docs/README.md"));
    assertThat(relative(root, fromReadme))
        .as("pages of docs/ that README.md's index links")
        .containsAll(relative(root, pages));
    assertThat(relative(root, fromIndex))
        .as("pages of docs/ that docs/README.md links")
        .containsAll(relative(root, pages));
    // Each index may point at the other (README at docs/README.md, the docs index back at the
    // front page); beside that, the lists are the same.
    fromReadme.remove(root.resolve("docs/README.md"));
    fromIndex.remove(root.resolve("README.md"));
    assertThat(relative(root, fromIndex))
        .as("docs/README.md lists the pages README.md's index lists")
        .isEqualTo(relative(root, fromReadme));
  }

  @Test
  void decisionRecords_areNamedAndIndexed() throws IOException {
    Path decisions = DocsTree.root().resolve("docs/decisions");
    assumeTrue(Files.isDirectory(decisions), "no docs/decisions/ yet");
    List<Path> records;
    try (var list = Files.list(decisions)) {
      records =
          list.filter(p -> p.toString().endsWith(".md"))
              .filter(p -> !p.getFileName().toString().equals("README.md"))
              .sorted()
              .toList();
    }
    Path root = DocsTree.root();
    assertThat(relative(root, new TreeSet<>(records)))
        .as("decision records, each docs/decisions/NNNN-short-title.md")
        .allMatch(p -> DECISION.matcher(Path.of(p).getFileName().toString()).matches());
    assertThat(relative(root, linkedPages(root, decisions.resolve("README.md"))))
        .as("records docs/decisions/README.md links")
        .containsAll(relative(root, new TreeSet<>(records)));
  }

  private static void assumeDocsFolder() {
    assumeTrue(
        Files.isDirectory(DocsTree.root().resolve("docs")),
        "no docs/ folder yet: the README is still the whole documentation");
  }

  private static boolean isDecision(Path root, Path file) {
    return file.getParent().equals(root.resolve("docs/decisions"))
        && DECISION.matcher(file.getFileName().toString()).matches();
  }

  /** The Markdown files of the checkout that {@code page} links to. */
  private static Set<Path> linkedPages(Path root, Path page) {
    if (!Files.isRegularFile(page)) {
      return new TreeSet<>();
    }
    return DocsTree.page(root, page).links().stream()
        .map(link -> Links.target(link, root))
        .filter(Objects::nonNull)
        .filter(target -> target.toString().endsWith(".md") && !target.equals(page))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> relative(Path root, Set<Path> files) {
    return files.stream()
        .map(f -> root.relativize(f).toString())
        .collect(Collectors.toCollection(TreeSet::new));
  }
}
