package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The build check that the engine serves any warehouse: no main source of this module names the
 * billing sample's tables, columns or tenant values (in code, literals or comments); the sample's
 * loader, {@code BillingMariaDb}, lives in the billing module.
 */
class EngineSourcesTest {

  private static final Path MAIN = Path.of("src/main/java/io/codemode4j/engine/mariadb");

  /**
   * The billing sample's tables, columns, tenant values and key format, as sql-allowlist has it.
   */
  private static final Pattern BILLING =
      Pattern.compile(
          "(?i)\\b(invoices?|invoice_lines|invoice_summary|invoice_id|customers|customer_id"
              + "|amount_cents|unit_price_cents|issued_on|paid_on|due_on|region|emea|apac"
              + "|americas)\\b|INV-0");

  @Test
  void mainSources_nameNoBillingTableOrColumn() throws IOException {
    List<String> findings = new ArrayList<>();
    List<Path> sources;
    try (Stream<Path> files = Files.list(MAIN)) {
      sources = files.filter(file -> file.toString().endsWith(".java")).sorted().toList();
    }
    for (Path file : sources) {
      Matcher name = BILLING.matcher(Files.readString(file));
      while (name.find()) {
        findings.add(file.getFileName() + ": names the billing sample's " + name.group());
      }
    }

    assertThat(sources).hasSizeGreaterThan(10);
    assertThat(findings).isEmpty();
  }
}
