package io.codemode4j.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleDataGeneratorIT {

  @TempDir Path dir;

  @Test
  void generate_bundledConfig_reproducesTheCommittedRows() throws Exception {
    Path committed = CommittedData.directory();

    SampleDataGenerator.generate(GeneratorConfig.bundled(), dir, ProgressListener.silent());

    try (DuckDb db = new DuckDb()) {
      for (String name : SampleData.FILE_NAMES) {
        String regenerated = DuckDb.file(dir, name);
        String original = DuckDb.file(committed, name);
        assertThat(db.query("DESCRIBE SELECT * FROM " + regenerated))
            .as("schema of %s", name)
            .isEqualTo(db.query("DESCRIBE SELECT * FROM " + original));
        assertThat(db.queryLong("SELECT count(*) FROM " + regenerated))
            .as("rows of %s", name)
            .isEqualTo(db.queryLong("SELECT count(*) FROM " + original))
            .isPositive();
        assertThat(
                db.queryLong(
                    "SELECT count(*) FROM (FROM "
                        + regenerated
                        + " EXCEPT ALL FROM "
                        + original
                        + ")"))
            .as("rows of the regenerated %s missing from the committed one", name)
            .isZero();
        assertThat(
                db.queryLong(
                    "SELECT count(*) FROM (FROM "
                        + original
                        + " EXCEPT ALL FROM "
                        + regenerated
                        + ")"))
            .as("rows of the committed %s missing from the regenerated one", name)
            .isZero();
      }
    }
  }

  @Test
  void generate_scaledTwice_keepsTheBundledCustomersAndReportsProgressUpToTotal() throws Exception {
    GeneratorConfig config = GeneratorConfig.scaled(2);
    List<long[]> calls = new ArrayList<>();

    SampleDataGenerator.generate(config, dir, (done, total) -> calls.add(new long[] {done, total}));

    try (DuckDb db = new DuckDb().withViews(dir)) {
      assertThat(db.queryLong("SELECT count(*) FROM customers")).isEqualTo(1_000);
      assertThat(db.queryLong("SELECT count(DISTINCT name) FROM customers")).isEqualTo(1_000);
      assertThat(db.queryLong("SELECT count(*) FROM invoices")).isEqualTo(100_000);
      String bundled = DuckDb.file(CommittedData.directory(), SampleData.CUSTOMERS_FILE);
      assertThat(
              db.queryLong(
                  "SELECT count(*) FROM ((FROM customers ORDER BY customer_id LIMIT 500) EXCEPT ALL FROM "
                      + bundled
                      + ")"))
          .as("first 500 customers that differ from the bundled ones")
          .isZero();
      assertThat(
              db.queryLong(
                  """
                    SELECT count(*) FROM invoices i
                    JOIN (SELECT invoice_id, sum(quantity * unit_price_cents) AS total FROM invoice_lines GROUP BY ALL) l
                      USING (invoice_id)
                    WHERE l.total = i.amount_cents"""))
          .isEqualTo(100_000);
    }
    assertThat(calls).isNotEmpty().hasSizeLessThanOrEqualTo(201);
    assertThat(calls).allSatisfy(call -> assertThat(call[1]).isEqualTo(100_000));
    assertThat(calls.stream().mapToLong(call -> call[0]).toArray())
        .isSorted()
        .doesNotHaveDuplicates();
    assertThat(calls.getLast()[0]).isEqualTo(100_000);
  }

  @Test
  void generate_moreCustomersThanBaseNames_keepsNamesUniqueWithSuffixes() throws Exception {
    GeneratorConfig config = new GeneratorConfig(11, 5_000, 2_000, LocalDate.of(2024, 6, 30));

    SampleDataGenerator.generate(config, dir, ProgressListener.silent());

    try (DuckDb db = new DuckDb().withViews(dir)) {
      assertThat(db.queryLong("SELECT count(*) FROM customers")).isEqualTo(5_000);
      assertThat(db.queryLong("SELECT count(DISTINCT name) FROM customers")).isEqualTo(5_000);
      assertThat(
              db.queryLong("SELECT count(*) FROM customers WHERE regexp_matches(name, ' [0-9]+$')"))
          .isPositive();
      assertThat(db.queryStrings("SELECT name FROM customers ORDER BY customer_id LIMIT 3"))
          .containsExactly("Acme", "Atlas", "Beacon");
      // Three years ending at the as-of date; 2024-06-30 is a quiet Sunday, so not asserted as the
      // last day.
      assertThat(db.queryStrings("SELECT min(issued_on)::VARCHAR FROM invoices"))
          .containsExactly("2021-07-01");
      assertThat(db.queryLong("SELECT count(*) FROM invoices WHERE issued_on > DATE '2024-06-30'"))
          .isZero();
      assertThat(db.queryLong("SELECT count(*) FROM invoices WHERE issued_on > DATE '2024-06-23'"))
          .isPositive();
    }
  }

  @Test
  void generate_existingFiles_replacesThemAndLeavesNothingElse() throws Exception {
    for (String name : SampleData.FILE_NAMES) {
      Files.writeString(dir.resolve(name), "stale");
    }

    SampleDataGenerator.generate(
        new GeneratorConfig(3, 10, 100, LocalDate.of(2025, 12, 31)),
        dir,
        ProgressListener.silent());

    assertThat(list(dir)).containsExactlyInAnyOrderElementsOf(SampleData.FILE_NAMES);
    try (DuckDb db = new DuckDb().withViews(dir)) {
      assertThat(db.queryLong("SELECT count(*) FROM invoices")).isEqualTo(100);
      assertThat(db.queryLong("SELECT count(*) FROM customers")).isEqualTo(10);
    }
  }

  @Test
  void generate_missingOutDir_createsIt() throws Exception {
    Path nested = dir.resolve("a/b");

    SampleDataGenerator.generate(
        new GeneratorConfig(3, 10, 100, LocalDate.of(2025, 12, 31)),
        nested,
        ProgressListener.silent());

    assertThat(list(nested)).containsExactlyInAnyOrderElementsOf(SampleData.FILE_NAMES);
  }

  @Test
  void generate_listenerFails_leavesNoFileBehind() throws IOException {
    GeneratorConfig config = GeneratorConfig.forInvoices(40_000);

    assertThatThrownBy(
            () ->
                SampleDataGenerator.generate(
                    config,
                    dir,
                    (done, total) -> {
                      throw new IllegalStateException("cancelled by the user");
                    }))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("cancelled by the user");

    assertThat(list(dir)).isEmpty();
  }

  private static List<String> list(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(file -> file.getFileName().toString()).toList();
    }
  }
}
