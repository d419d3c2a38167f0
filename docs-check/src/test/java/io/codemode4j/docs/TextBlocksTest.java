package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.cli.CodemodeCli;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Help.Ansi;

/** The text-block check on blocks written here, so that it can fail. */
class TextBlocksTest {

  private static final Path ROOT = DocsTree.root();

  private static CodeBlock text(String text) {
    return new CodeBlock("docs/page.md", 10, "text", text, null);
  }

  private static String help(String... command) {
    var line = CodemodeCli.commandLine();
    for (String word : command) {
      line = line.getSubcommands().get(word);
    }
    return line.getUsageMessage(Ansi.OFF);
  }

  @Test
  void problems_helpAsTheCliPrintsIt_isNone() {
    assertThat(TextBlocks.problems(text(help("query")), ROOT)).isEmpty();
    assertThat(TextBlocks.problems(text(help("mcp", "new-token")), ROOT)).isEmpty();
  }

  @Test
  void problems_helpWithAnOptionDescribedOtherwise_namesTheLineAndBothTexts() {
    String printed = help("tables");
    String changed = printed.replaceFirst("--format=FORMAT", "--format=KIND");

    assertThat(TextBlocks.problems(text(changed), ROOT))
        .singleElement()
        .asString()
        .startsWith("docs/page.md:10: the help of codemode tables differs")
        .contains("shown:   ", "--format=KIND", "printed: ", "--format=FORMAT");
  }

  @Test
  void problems_helpMissingItsLastLine_isAProblem() {
    String printed = help("describe").stripTrailing();
    String shorter = printed.substring(0, printed.lastIndexOf('\n'));

    assertThat(TextBlocks.problems(text(shorter), ROOT))
        .singleElement()
        .asString()
        .contains("shown:   (no line)");
  }

  @Test
  void problems_helpOfNoSubcommand_isAProblem() {
    assertThat(TextBlocks.problems(text("Usage: codemode frobnicate [-h]\n"), ROOT))
        .singleElement()
        .asString()
        .contains("of no subcommand of codemode");
  }

  @Test
  void problems_transcriptWithAnUnknownOption_namesItsLine() {
    String transcript = "codemode run --tenant emea x.js\n# ok\ncodemode run --bogus x.js\n";

    assertThat(TextBlocks.problems(text(transcript), ROOT))
        .singleElement()
        .asString()
        .startsWith("docs/page.md:13: codemode run --bogus x.js: codemode refuses it");
  }

  @Test
  void problems_outputAlone_isNone() {
    assertThat(TextBlocks.problems(text("{\"region\": \"emea\"}\nsome output\n"), ROOT)).isEmpty();
  }
}
