package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.sql.dialect.Dialect;
import java.util.regex.Pattern;

/**
 * A schema that is not billing's ({@code trips} of {@code drivers}, keyed by fleet) with its own
 * examples: every dialect's refusals and advice over it must name its tables and columns, never a
 * billing name. Shared with the engine modules' dialect tests.
 */
public final class ForeignSchema {

  public static final SchemaExamples TRIPS =
      new SchemaExamples(
          "trips",
          "drivers",
          "driver_id",
          "status",
          "completed",
          "city",
          "started_on",
          "ended_on",
          "fare_cents");

  /** A billing table, column or value in a message. */
  public static final Pattern BILLING =
      Pattern.compile(
          "(?i)\\b(invoices?|invoice_\\w+|customers|customer_id|amount_cents|issued_on|paid_on"
              + "|region|emea|paid)\\b");

  private ForeignSchema() {}

  /** The trips allowlist in {@code dialect}, with the trips examples. */
  public static SqlAllowlist allowlist(Dialect dialect) {
    return SqlAllowlist.builder()
        .table("trips", TenantScope.byColumn("fleet"))
        .table("drivers", TenantScope.byColumn("fleet"))
        .dialect(dialect)
        .examples(TRIPS)
        .build();
  }

  /** The refusal of {@code sql}; fails the test when it is approved. */
  public static SqlRefusal refusalOf(SqlAllowlist allowlist, String sql) {
    SqlRefusedException refused =
        catchThrowableOfType(
            SqlRefusedException.class, () -> allowlist.approve(sql, QueryPolicy.unscoped(5)));
    assertThat(refused).as("refused: %s", sql).isNotNull();
    return refused.refusal();
  }

  /** Checks that {@code sql}'s refusal says {@code expected} and names nothing of billing. */
  public static void assertRefusalNamesTheSchema(
      SqlAllowlist allowlist, String sql, String expected) {
    SqlRefusal refusal = refusalOf(allowlist, sql);
    assertThat(refusal.message()).as(refusal.toString()).contains(expected);
    assertThat(BILLING.matcher(refusal.message()).find()).as(refusal.message()).isFalse();
  }

  /** Checks that {@code allowlist}'s advice on {@code topic} is over the schema and approved. */
  public static void assertAdviceApproved(SqlAllowlist allowlist, Advice topic)
      throws SqlRefusedException {
    String advice = allowlist.advice(topic);
    String sql = advice.startsWith("SELECT ") ? advice : "SELECT " + advice + " AS x FROM trips";
    assertThat(allowlist.approve(sql, QueryPolicy.unscoped(5)).sql()).isNotBlank();
    assertThat(BILLING.matcher(advice).find()).as(advice).isFalse();
  }
}
