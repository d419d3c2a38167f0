package io.codemode4j.warehouse.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.Poll;
import io.codemode4j.bridge.TestTools;
import io.codemode4j.engine.mariadb.MariaDbLockdown;
import io.codemode4j.engine.mariadb.TestMariaDb;
import io.codemode4j.sql.Tenant;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The allowlist bypassed: SQL sent straight to MariaDB as the reader ({@code analyst}, on {@code
 * billing}) and a tenant's user ({@code tenant_emea}, on {@code billing_tenant_emea}). Everything a
 * reader must not do, MariaDB itself refuses or makes harmless.
 */
class MariaDbLockdownIT {

  private static final String EMEA_DB = "billing_tenant_emea";

  @BeforeAll
  static void start() {
    TestBillingMariaDb.start();
  }

  private static List<Connection> readers() throws SQLException {
    return List.of(
        TestBillingMariaDb.connect(TestBillingMariaDb.READER),
        TestBillingMariaDb.connect(TestBillingMariaDb.EMEA, EMEA_DB));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "INSERT INTO billing.invoices (invoice_id) VALUES ('x')",
        "INSERT INTO billing_tenant_emea.invoices (invoice_id) VALUES ('x')",
        "UPDATE billing.invoices SET amount_cents = 0",
        "UPDATE billing_tenant_emea.invoices SET amount_cents = 0",
        "DELETE FROM billing.invoice_lines",
        "DELETE FROM billing_tenant_emea.invoice_lines",
        "TRUNCATE billing.customers",
        "DROP TABLE billing.customers",
        "DROP VIEW billing_tenant_emea.customers",
        "CREATE TABLE billing.t (x int)",
        "CREATE TABLE billing_tenant_emea.t (x int)",
        "CREATE TABLE test.t (x int)",
        "CREATE TEMPORARY TABLE t (x int)",
        "CREATE TEMPORARY TABLE test.t (x int)",
        "CREATE VIEW billing_tenant_emea.v AS SELECT 1",
        "CREATE DATABASE codemode_x",
        "CREATE USER intruder",
        "GRANT SELECT ON billing.payroll TO CURRENT_USER",
        "SELECT * FROM billing.payroll",
        "SELECT * FROM billing.invoices INTO OUTFILE '/tmp/codemode-outfile'",
        "SELECT * FROM billing_tenant_emea.invoices INTO DUMPFILE '/tmp/codemode-dumpfile'",
        "LOAD DATA INFILE '/etc/passwd' INTO TABLE billing.customers",
        "SELECT * FROM mysql.user",
        "SET GLOBAL max_connections = 1",
        "SET GLOBAL general_log = 1",
        "SET SESSION sql_log_bin = 0",
        "LOCK TABLES billing.customers READ",
        "FLUSH TABLES",
        "SHUTDOWN",
      })
  void execute_asReaderOrTenant_isRefusedByMariaDb(String sql) throws SQLException {
    for (Connection reader : readers()) {
      try (reader;
          Statement statement = reader.createStatement()) {
        assertThatThrownBy(() -> statement.execute(sql))
            .as("%s as %s", sql, reader.getMetaData().getUserName())
            .isInstanceOf(SQLException.class)
            .hasMessageMatching("(?is).*(denied|not allowed|doesn't exist).*");
      }
    }
  }

  /** What the server answers instead of refusing: nothing of value. */
  @Test
  void harmlessReads_asReaderOrTenant_revealNothingUnlisted() throws SQLException {
    for (Connection reader : readers()) {
      try (reader;
          Statement statement = reader.createStatement()) {
        String user = reader.getMetaData().getUserName();
        assertThat(one(statement, "SELECT LOAD_FILE('/etc/passwd')")).as(user).isNull();
        List<String> databases = column(statement, "SHOW DATABASES");
        assertThat(databases)
            .as(user)
            .containsExactlyInAnyOrder(
                "information_schema", user.equals(TestBillingMariaDb.READER) ? "billing" : EMEA_DB);
        assertThat(
                column(
                    statement,
                    "SELECT concat(TABLE_SCHEMA, '.', TABLE_NAME) FROM information_schema.TABLES"
                        + " WHERE TABLE_SCHEMA NOT IN ('information_schema', 'performance_schema')"))
            .as(user)
            .containsExactlyInAnyOrderElementsOf(
                List.of("customers", "invoice_lines", "invoice_summary", "invoices").stream()
                    .map(
                        t ->
                            (user.equals(TestBillingMariaDb.READER) ? "billing." : EMEA_DB + ".")
                                + t)
                    .toList());
        // What MariaDB shows every account: its own session, and the server's status counters.
        assertThat(
                column(
                    statement,
                    "SELECT TABLE_NAME FROM information_schema.TABLES"
                        + " WHERE TABLE_SCHEMA = 'performance_schema'"))
            .as(user)
            .containsExactlyInAnyOrder(
                "global_status", "session_status", "session_account_connect_attrs");
        assertThat(column(statement, "SELECT USER FROM information_schema.PROCESSLIST"))
            .as(user)
            .containsOnly(user);
      }
    }
  }

  /**
   * What the lockdown cannot refuse: an account may change its own password (no data is exposed,
   * but the warehouse would be locked out of that account). Measured on an account of its own.
   */
  @Test
  void setPassword_ofItsOwnAccount_isAllowedByMariaDb() throws Exception {
    String user = "codemode_password_probe";
    try (Connection admin = TestMariaDb.admin()) {
      TestBillingMariaDb.lockdown().applyReader(admin, user, TestMariaDb.PASSWORD);
    }
    try (Connection reader = TestBillingMariaDb.connect(user);
        Statement statement = reader.createStatement()) {
      statement.execute("SET PASSWORD = PASSWORD('changed-by-itself')");
    }
    assertThatThrownBy(() -> TestBillingMariaDb.connect(user).close())
        .hasMessageContaining("Access denied");
    try (Connection admin = TestMariaDb.admin();
        Statement sql = admin.createStatement()) {
      sql.execute("DROP USER '" + user + "'@'%'");
    }
  }

  @Test
  void kill_ofAnotherAccountsSession_isRefused() throws SQLException {
    try (Connection admin = TestMariaDb.admin();
        Statement adminSql = admin.createStatement()) {
      String id = one(adminSql, "SELECT CONNECTION_ID()");
      for (Connection reader : readers()) {
        try (reader;
            Statement statement = reader.createStatement()) {
          assertThatThrownBy(() -> statement.execute("KILL " + id))
              .isInstanceOf(SQLException.class)
              .hasMessageContaining("not owner of thread");
        }
      }
      assertThat(one(adminSql, "SELECT 1")).isEqualTo("1");
    }
  }

  /**
   * MAX_STATEMENT_TIME bounds SLEEP and BENCHMARK; it is only the session's default, which a
   * session may SET to 0 (a statement the allowlist never passes), and the driver's own query
   * timeout (the warehouse's) still bounds a statement then.
   */
  @Test
  void longStatement_asReaderOrTenant_isInterruptedByMaxStatementTime() throws SQLException {
    for (Connection reader : readers()) {
      try (reader;
          Statement statement = reader.createStatement()) {
        // An interrupted SLEEP answers 1 (a finished one 0); BENCHMARK answers 0 either way, but
        // these would run for hours uncut: that they return at all, within the test's timeout,
        // is the interruption's doing.
        assertThat(interruption(statement, "SELECT SLEEP(30)"))
            .matches("(?s).*max_statement_time exceeded.*|answered 1");
        assertThat(interruption(statement, "SELECT BENCHMARK(10000000000, md5('a'))"))
            .matches("(?s).*max_statement_time exceeded.*|answered 0");
        statement.execute("SET SESSION max_statement_time = 0");
        assertThat(one(statement, "SELECT @@max_statement_time")).startsWith("0");
        statement.setQueryTimeout(2);
        assertThat(interruption(statement, "SELECT BENCHMARK(10000000000, md5('a'))"))
            .matches("(?s).*(max_statement_time exceeded|interrupted).*|answered 0");
      }
    }
  }

  /**
   * The warehouse cancels a query at its timeout with {@link Statement#cancel()}, which MariaDB's
   * driver sends as KILL QUERY from a connection of the same account: a reader may kill its own
   * queries, and the cancel needs one connection beyond the pool (MAX_USER_CONNECTIONS is 8, a pool
   * 4).
   */
  @Test
  void cancel_ofAReadersOwnQuery_interruptsIt() throws Exception {
    for (Connection reader : readers()) {
      try (reader;
          Statement statement = reader.createStatement()) {
        statement.execute("SET SESSION max_statement_time = 0");
        Thread canceller =
            Thread.ofVirtual()
                .start(
                    () -> {
                      try {
                        // The server announces no statement's start: poll its process list.
                        String user = reader.getMetaData().getUserName();
                        Poll.until(
                            user + " runs its BENCHMARK",
                            TestTools.PATIENCE,
                            () -> {
                              try {
                                return running(user);
                              } catch (SQLException e) {
                                throw new IllegalStateException(e);
                              }
                            });
                        statement.cancel();
                      } catch (SQLException e) {
                        throw new IllegalStateException(e);
                      } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                      }
                    });
        // Uncut, the BENCHMARK would run for hours: that it returns at all is the cancel's doing.
        assertThat(interruption(statement, "SELECT BENCHMARK(10000000000, md5('a'))"))
            .matches("(?s).*interrupted.*|answered 0");
        canceller.join();
      }
    }
  }

  /** Whether {@code user} runs a BENCHMARK now, as the admin sees the process list. */
  private static boolean running(String user) throws SQLException {
    try (Connection admin = TestMariaDb.admin();
        Statement sql = admin.createStatement()) {
      return !column(
              sql,
              "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = '"
                  + user
                  + "' AND INFO LIKE 'SELECT BENCHMARK%'")
          .isEmpty();
    }
  }

  @Test
  void select_asTenantUser_readsOnlyItsRowsThroughEveryListedName() throws SQLException {
    long emeaLines;
    long emeaInvoices;
    try (Connection reader = TestBillingMariaDb.connect(TestBillingMariaDb.READER);
        Statement statement = reader.createStatement()) {
      emeaInvoices =
          Long.parseLong(one(statement, "SELECT count(*) FROM invoices WHERE region = 'emea'"));
      emeaLines =
          Long.parseLong(
              one(
                  statement,
                  "SELECT count(*) FROM invoice_lines l JOIN invoices i"
                      + " ON i.invoice_id = l.invoice_id WHERE i.region = 'emea'"));
    }
    try (Connection tenant = TestBillingMariaDb.connect(TestBillingMariaDb.EMEA, EMEA_DB);
        Statement statement = tenant.createStatement()) {
      for (String view : List.of("customers", "invoices", "invoice_summary")) {
        assertThat(column(statement, "SELECT DISTINCT region FROM " + view))
            .as(view)
            .containsExactly("emea");
      }
      assertThat(Long.parseLong(one(statement, "SELECT count(*) FROM invoices")))
          .isEqualTo(emeaInvoices);
      assertThat(Long.parseLong(one(statement, "SELECT count(*) FROM invoice_lines")))
          .isEqualTo(emeaLines)
          .isPositive();
      assertThatThrownBy(() -> one(statement, "SELECT count(*) FROM billing.invoices"))
          .hasMessageContaining("denied");
    }
  }

  /**
   * The error side channel (TenantSideChannelIT, PostgresLockdownIT) on the tenant's views: a
   * predicate that fails on one specific row of another tenant must answer as a row that does not
   * exist does. Measured against MERGE and TEMPTABLE views of the same filter, which leak, so that
   * the views' LIMIT ({@link MariaDbLockdown#NO_PUSHDOWN}) is shown to be what holds.
   */
  @Test
  void probe_ofAnotherTenantsRow_answersAsARowThatDoesNotExist() throws SQLException {
    SideChannelProbes probes = SideChannelProbes.read();
    List<String> merge;
    List<String> temptable;
    try {
      merge = probes.leaks(probeViews("merge", "ALGORITHM=MERGE"));
      temptable = probes.leaks(probeViews("temptable", "ALGORITHM=TEMPTABLE"));
    } finally {
      try (Connection admin = TestMariaDb.admin();
          Statement sql = admin.createStatement()) {
        for (String db : List.of("billing_probe_merge", "billing_probe_temptable")) {
          sql.execute("DROP DATABASE IF EXISTS " + db);
          try {
            sql.execute("REVOKE SELECT ON " + db + ".* FROM " + TestBillingMariaDb.EMEA + "@'%'");
          } catch (SQLException noSuchGrant) {
            // The database was not made as far as its grant.
          }
        }
      }
    }
    List<String> lockdown = probes.leaks(EMEA_DB);

    assertThat(lockdown).as("leaks through the lockdown's views").isEmpty();
    assertThat(merge).as("leaks through MERGE views").isNotEmpty();
    assertThat(temptable).as("leaks through TEMPTABLE views").isNotEmpty();
    System.out.printf(
        "side channel: %d probes; MERGE leaks %s; TEMPTABLE leaks %s; lockdown leaks %s%n",
        SideChannelProbes.PROBES.size(), merge, temptable, lockdown);
  }

  /**
   * A database {@code billing_probe_NAME} of emea's views as the lockdown makes them but with
   * {@code algorithm} and no LIMIT, readable by {@code tenant_emea}; returns its name.
   */
  private static String probeViews(String name, String algorithm) throws SQLException {
    String db = "billing_probe_" + name;
    MariaDbLockdown lockdown = TestBillingMariaDb.lockdown();
    try (Connection admin = TestMariaDb.admin();
        Statement sql = admin.createStatement()) {
      sql.execute("CREATE DATABASE IF NOT EXISTS " + db);
      for (String view : List.of("customers", "invoices", "invoice_summary")) {
        sql.execute(
            "CREATE OR REPLACE "
                + algorithm
                + " SQL SECURITY DEFINER VIEW "
                + db
                + "."
                + view
                + " AS SELECT * FROM billing."
                + view
                + " WHERE region IN ('emea')");
      }
      sql.execute(
          "CREATE OR REPLACE "
              + algorithm
              + " SQL SECURITY DEFINER VIEW "
              + db
              + ".invoice_lines AS SELECT * FROM billing.invoice_lines WHERE invoice_id IN"
              + " (SELECT invoice_id FROM "
              + db
              + ".invoices)");
      sql.execute("GRANT SELECT ON " + db + ".* TO " + TestBillingMariaDb.EMEA + "@'%'");
    }
    assertThat(lockdown.tenantDatabase(Tenant.of("emea"))).isEqualTo(EMEA_DB);
    return db;
  }

  /**
   * How {@code sql} ended: the error's message, or {@code answered X}. MariaDB interrupts SLEEP and
   * BENCHMARK either with an error or by answering at once (SLEEP 1, BENCHMARK 0), whichever its
   * check meets first.
   */
  private static String interruption(Statement statement, String sql) {
    try {
      return "answered " + one(statement, sql);
    } catch (SQLException e) {
      return String.valueOf(e.getMessage());
    }
  }

  static String one(Statement statement, String sql) throws SQLException {
    try (ResultSet rs = statement.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  static List<String> column(Statement statement, String sql) throws SQLException {
    List<String> values = new ArrayList<>();
    try (ResultSet rs = statement.executeQuery(sql)) {
      while (rs.next()) {
        values.add(rs.getString(1));
      }
    }
    return values;
  }
}
