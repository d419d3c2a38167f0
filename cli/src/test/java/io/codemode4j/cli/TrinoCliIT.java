package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.cli.PackagedCli.Outcome;
import io.codemode4j.warehouse.trino.TestTrino;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The packaged CLI ({@code target/codemode.jar}) with {@code --warehouse jdbc:trino:...} against
 * the real Trino cluster of billing's tests ({@link TestTrino}: a coordinator and a worker, the
 * sample loaded and locked down): queries, the tables, an example program and a tenant's own Trino
 * user answer as over the bundled parquet, and what the CLI cannot do on Trino is a usage error
 * saying what to do instead.
 */
class TrinoCliIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final String COUNT = "SELECT count(*) AS n FROM invoices";

  @TempDir Path dir;

  @BeforeAll
  static void trino() {
    TestTrino.url();
  }

  @Test
  void query_asTheAnalyst_countsEveryInvoice() throws Exception {
    Outcome result =
        codemode(
            "query",
            COUNT,
            "--format",
            "json",
            "--warehouse",
            TestTrino.url(),
            "--warehouse-user",
            TestTrino.ANALYST);

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(JSON.readTree(result.out()).at("/rows/0/n").asLong()).isEqualTo(50_000);
  }

  @Test
  void tables_onTrino_listsTheAllowlistedRelationsWithTrinosTypes() throws Exception {
    Outcome result =
        codemode(
            "tables",
            "--format",
            "csv",
            "--warehouse",
            TestTrino.url(),
            "--warehouse-user",
            TestTrino.ANALYST);

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out().lines())
        .contains(
            "invoices,amount_cents,bigint",
            "invoice_lines,product,varchar",
            "invoice_summary,revenue,\"decimal(18,2)\"");
    assertThat(result.out()).doesNotContain("invoice_lines_by_region");
  }

  @Test
  void run_topRegionExample_answersAsOverTheBundledParquet() throws Exception {
    Path example = Path.of(System.getProperty("codemode.home"), "examples", "top-region.js");

    Outcome onTrino =
        codemode(
            "run",
            "--json",
            example.toString(),
            "--warehouse",
            TestTrino.url(),
            "--warehouse-user",
            TestTrino.ANALYST);
    Outcome onDuckDb = codemode("run", "--json", example.toString());

    assertThat(onTrino.exitCode()).as(onTrino.err()).isZero();
    assertThat(onDuckDb.exitCode()).as(onDuckDb.err()).isZero();
    JsonNode trino = JSON.readTree(onTrino.out());
    assertThat(trino.path("ok").asBoolean()).as(onTrino.out()).isTrue();
    assertThat(trino.get("result")).isEqualTo(JSON.readTree(onDuckDb.out()).get("result"));
  }

  @Test
  void query_tenantWithItsOwnTrinoUser_runsAsThatUser() throws Exception {
    Outcome everyRegion =
        codemode(
            "query",
            COUNT + " WHERE region = 'emea'",
            "--format",
            "json",
            "--warehouse",
            TestTrino.url(),
            "--warehouse-user",
            TestTrino.ANALYST);
    // Row filters alone would leak through errors: Trino confines a tenant only by its own user.
    Outcome filtersAlone =
        codemode(
            "query",
            COUNT,
            "--warehouse",
            TestTrino.url(),
            "--warehouse-user",
            TestTrino.ANALYST,
            "--tenant",
            "emea");
    Outcome ownUser =
        codemode(
            "query",
            COUNT,
            "--format",
            "json",
            "--warehouse",
            TestTrino.url(),
            "--warehouse-user",
            TestTrino.ANALYST,
            "--tenant",
            "emea",
            "--warehouse-tenant-user",
            "analyst_{tenant}");
    // A template naming a user Trino grants nothing: only the tenant's own user can have run it.
    Outcome noGrants =
        codemode(
            "query",
            COUNT,
            "--warehouse",
            TestTrino.url(),
            "--warehouse-user",
            TestTrino.ANALYST,
            "--tenant",
            "emea",
            "--warehouse-tenant-user",
            "nobody_{tenant}");

    assertThat(ownUser.exitCode()).as(ownUser.err()).isZero();
    long emea = JSON.readTree(everyRegion.out()).at("/rows/0/n").asLong();
    assertThat(emea).isPositive().isLessThan(50_000);
    assertThat(JSON.readTree(ownUser.out()).at("/rows/0/n").asLong()).isEqualTo(emea);
    assertThat(noGrants.exitCode()).isNotZero();
    assertThat(noGrants.err()).contains("Access Denied");
    assertThat(filtersAlone.exitCode()).isEqualTo(2);
    assertThat(filtersAlone.err())
        .contains(
            "--tenant asks to confine the programs to a region, but on Trino only the database can"
                + " confine rows safely")
        .contains("--warehouse-tenant-user");
  }

  @Test
  void query_trinoUrlWithoutCatalogAndSchema_isAUsageErrorShowingOne() throws Exception {
    String url = TestTrino.url().replace("/hive/billing", "/hive");

    Outcome result = codemode("query", COUNT, "--warehouse", url);

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("jdbc:trino://127.0.0.1:8080/hive/billing");
  }

  @Test
  void loadSample_onTrino_isAUsageErrorSayingWhoLoadsALake() throws Exception {
    Outcome result = codemode("load-sample", "--warehouse", TestTrino.url());

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .contains(
            "load-sample loads PostgreSQL and MariaDB, not Trino: a lake's or another database's owner");
  }

  /** The packaged CLI with {@code args}, without any credential variable in its environment. */
  private Outcome codemode(String... args) throws Exception {
    return PackagedCli.run(dir, Map.of(), List.of(), args);
  }
}
