package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No module but the billing pack and the sample names a billing table or column: the generic
 * modules serve any warehouse, so what they tell a model or a user is written from what is served,
 * never from the sample's schema. Checked on the main sources, comments left out (a comment may
 * explain with the sample), every string literal and identifier in.
 */
class BillingNamesTest {

  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

  /** The modules that serve any warehouse. */
  private static final List<String> GENERIC =
      List.of(
          "sql-allowlist",
          "codemode-bridge",
          "warehouse-tools",
          "mcp-server",
          "agent-runtime",
          "spring-boot-autoconfigure",
          "cli");

  /**
   * The sample's own commands, which the CLI carries beside its generic ones: generating and
   * loading the sample, and the benchmark that measures on it.
   */
  private static final Set<String> SAMPLE_COMMANDS =
      Set.of("GenerateCommand.java", "LoadSampleCommand.java");

  private static final Pattern BILLING =
      Pattern.compile(
          "\\b(invoices?|invoice_lines|invoice_summary|invoice_id|customers|customer_id"
              + "|amount_cents|unit_price_cents|issued_on|paid_on|due_on)\\b");

  @Test
  void genericModules_mainSources_nameNoBillingTableOrColumn() throws IOException {
    List<String> found = new ArrayList<>();
    for (String module : GENERIC) {
      try (Stream<Path> files = Files.walk(ROOT.resolve(module).resolve("src/main/java"))) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          if (SAMPLE_COMMANDS.contains(file.getFileName().toString())) {
            continue;
          }
          Matcher m = BILLING.matcher(withoutComments(Files.readString(file)));
          while (m.find()) {
            found.add(ROOT.relativize(file) + ": " + m.group());
          }
        }
      }
    }
    assertThat(found).isEmpty();
  }

  /** The check itself finds a name in code and a literal, and none in a comment. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "String t = \"SELECT * FROM invoices\";",
        "int amount_cents = 1;",
        "call(\"customers\") // the sample"
      })
  void billing_inCodeOrLiteral_isFound(String code) {
    assertThat(BILLING.matcher(withoutComments(code)).find()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"// invoices", "/* customers */ int x;", "/** the invoices */"})
  void billing_inComment_isNot(String code) {
    assertThat(BILLING.matcher(withoutComments(code)).find()).isFalse();
  }

  /** {@code source} without its comments; string literals are kept. */
  static String withoutComments(String source) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '"') {
        int end = i + 1;
        while (end < source.length() && source.charAt(end) != '"') {
          end += source.charAt(end) == '\\' ? 2 : 1;
        }
        out.append(source, i, Math.min(end + 1, source.length()));
        i = end + 1;
      } else if (source.startsWith("//", i)) {
        int end = source.indexOf('\n', i);
        i = end < 0 ? source.length() : end;
      } else if (source.startsWith("/*", i)) {
        int end = source.indexOf("*/", i + 2);
        i = end < 0 ? source.length() : end + 2;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }
}
