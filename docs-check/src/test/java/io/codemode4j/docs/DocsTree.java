package io.codemode4j.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The checkout's documentation as the docs conventions name it: {@code README.md}, every {@code
 * docs/**}{@code /*.md} (found by walking, so a new page is checked without a change here), {@code
 * examples/README.md} and {@code sample-data/README.md}, each parsed once per test JVM.
 */
final class DocsTree {

  /** The pages the conventions name besides those under {@code docs/}. */
  private static final List<String> FIXED =
      List.of("README.md", "examples/README.md", "sample-data/README.md");

  private static final Map<Path, MarkdownPage> PARSED = new ConcurrentHashMap<>();

  private DocsTree() {}

  /**
   * The checkout: the {@code docs.root} system property the build sets, else the first directory
   * upwards from the working directory that holds {@code mvnw}.
   */
  static Path root() {
    String property = System.getProperty("docs.root");
    if (property != null && !property.isBlank()) {
      return Path.of(property).toAbsolutePath().normalize();
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("mvnw"))) {
        return dir;
      }
    }
    throw new IllegalStateException(
        "docs-check: no checkout found: set -Ddocs.root=DIR or run inside the checkout");
  }

  /** Every checked page, in a stable order: the fixed ones, then {@code docs/} sorted by path. */
  static List<MarkdownPage> pages() {
    return pages(root());
  }

  /** Every checked page of the checkout at {@code root}. */
  static List<MarkdownPage> pages(Path root) {
    List<Path> files = new ArrayList<>();
    for (String fixed : FIXED) {
      if (Files.isRegularFile(root.resolve(fixed))) {
        files.add(root.resolve(fixed));
      }
    }
    Path docs = root.resolve("docs");
    if (Files.isDirectory(docs)) {
      try (Stream<Path> walk = Files.walk(docs)) {
        walk.filter(Files::isRegularFile)
            .filter(p -> p.getFileName().toString().endsWith(".md"))
            .sorted()
            .forEach(files::add);
      } catch (IOException e) {
        throw new UncheckedIOException("docs-check: cannot walk " + docs, e);
      }
    }
    return files.stream().map(file -> page(root, file)).toList();
  }

  /**
   * The page at {@code file} of the checkout at {@code root}, parsed once; also a link's target
   * outside the checked set.
   */
  static MarkdownPage page(Path root, Path file) {
    return PARSED.computeIfAbsent(
        file.toAbsolutePath().normalize(),
        f -> {
          try {
            String relative = root.relativize(f).toString().replace('\\', '/');
            return MarkdownPage.parse(relative, Files.readString(f, StandardCharsets.UTF_8));
          } catch (IOException e) {
            throw new UncheckedIOException("docs-check: cannot read " + f, e);
          }
        });
  }

  /** Every code block of every page. */
  static Stream<CodeBlock> blocks() {
    return pages().stream().flatMap(page -> page.blocks().stream());
  }

  /**
   * The blocks written in one of {@code languages} and not exempted, each as an argument set named
   * by where it is, so that a failure names {@code file:line}.
   */
  static Stream<Arguments> checked(String... languages) {
    List<String> wanted = List.of(languages);
    return blocks()
        .filter(block -> block.skip() == null && wanted.contains(block.language()))
        .map(DocsTree::named);
  }

  static Arguments named(CodeBlock block) {
    return Arguments.argumentSet(block.where(), block);
  }
}
