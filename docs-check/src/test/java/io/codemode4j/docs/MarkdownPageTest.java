package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MarkdownPageTest {

  /** A page, then the (line, language, text, skip reason or null) of each of its blocks. */
  static Stream<Arguments> pages() {
    return Stream.of(
        Arguments.argumentSet(
            "backtick fence with a language",
            "# T\n\n```js\nreturn 1;\n```\n",
            List.of(new CodeBlock("p.md", 3, "js", "return 1;\n", null))),
        Arguments.argumentSet(
            "tilde fence, info string with more words",
            "~~~sh title=x\n./codemode tables\n~~~\n",
            List.of(new CodeBlock("p.md", 1, "sh", "./codemode tables\n", null))),
        Arguments.argumentSet(
            "fence without a language",
            "text\n\n```\nplain\n```\n",
            List.of(new CodeBlock("p.md", 3, "", "plain\n", null))),
        Arguments.argumentSet(
            "longer fence around a shorter one",
            "````text\n```js\nx\n```\n````\n",
            List.of(new CodeBlock("p.md", 1, "text", "```js\nx\n```\n", null))),
        Arguments.argumentSet(
            "fence inside a list item",
            "- an item:\n\n  ```json\n  {\"a\": 1}\n  ```\n",
            List.of(new CodeBlock("p.md", 3, "json", "{\"a\": 1}\n", null))),
        Arguments.argumentSet(
            "indented block: no language",
            "para\n\n    indented code\n",
            List.of(new CodeBlock("p.md", 3, "", "indented code\n", null))),
        Arguments.argumentSet(
            "skip with a reason on the line before",
            "<!-- docs-check: skip (PostgreSQL DDL) -->\n```sql\nGRANT x;\n```\n",
            List.of(
                new CodeBlock(
                    "p.md", 2, "sql", "GRANT x;\n", new CodeBlock.Skip("PostgreSQL DDL")))),
        Arguments.argumentSet(
            "skip without a reason",
            "<!-- docs-check: skip -->\n```sql\nGRANT x;\n```\n",
            List.of(new CodeBlock("p.md", 2, "sql", "GRANT x;\n", new CodeBlock.Skip("")))),
        Arguments.argumentSet(
            "skip comment separated by a blank line exempts nothing",
            "<!-- docs-check: skip (why) -->\n\n```sql\nGRANT x;\n```\n",
            List.of(new CodeBlock("p.md", 3, "sql", "GRANT x;\n", null))),
        Arguments.argumentSet(
            "fence in a code span is no block", "Write ```` ```js ```` fences.\n", List.of()));
  }

  @ParameterizedTest
  @MethodSource("pages")
  void parse_ofAPage_findsItsBlocks(String text, List<CodeBlock> expected) {
    assertThat(MarkdownPage.parse("p.md", text).blocks()).isEqualTo(expected);
  }

  @Test
  void parse_ofLinks_findsInlineReferenceTableAndImageLinksWithTheirLines() {
    String text =
        """
        # Title

        See [the server](docs/mcp-server.md#one-shared-server) and [ref][r].

        | page | what |
        | --- | --- |
        | [Engines](docs/engines/duckdb.md) | one per engine |

        ![chart](examples/charts/top.png) `[not](a-link.md)`

        [r]: #title
        """;
    assertThat(MarkdownPage.parse("p.md", text).links())
        .containsExactly(
            new Link("p.md", 3, "docs/mcp-server.md#one-shared-server"),
            new Link("p.md", 3, "#title"),
            new Link("p.md", 7, "docs/engines/duckdb.md"),
            new Link("p.md", 9, "examples/charts/top.png"));
  }

  @Test
  void parse_ofHeadings_givesGitHubAnchorsWithRepeatsNumberedAndHtmlAnchors() {
    String text =
        """
        # The `codemode` CLI
        ## Options
        ## Options
        Setext heading
        --------------
        <a id="custom-anchor"></a>
        """;
    assertThat(MarkdownPage.parse("p.md", text).anchors())
        .containsExactlyInAnyOrder(
            "the-codemode-cli", "options", "options-1", "setext-heading", "custom-anchor");
  }

  @Test
  void parse_ofADocsCheckCommentBeforeNoFence_reportsItAsStray() {
    String text = "<!-- docs-check: skip (why) -->\nA paragraph.\n\n<!-- docs-check: skipp -->\n";
    assertThat(MarkdownPage.parse("p.md", text).strayComments())
        .hasSize(2)
        .allMatch(stray -> stray.startsWith("p.md:1:") || stray.startsWith("p.md:4:"));
  }
}
