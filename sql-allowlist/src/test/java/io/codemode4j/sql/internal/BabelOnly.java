package io.codemode4j.sql.internal;

import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.dialect.Dialect;
import java.util.Set;

/**
 * The approver of {@link SampleTables#allowlist()} with Calcite's core parser switched off, so that
 * Babel parses every text: for the tests that compare the two parser paths. Built here, not through
 * the builder, because the switch is not API.
 */
final class BabelOnly {

  private BabelOnly() {}

  /** The sample's tables and the default limits. */
  static Approver defaults() {
    return new Approver(
        Dialect.duckDb(),
        SampleTables.EXAMPLES,
        new AllowedTables(SampleTables.SCOPES),
        Set.of(),
        SqlAllowlist.DEFAULT_MAX_SQL_BYTES,
        false,
        SqlAllowlist.DEFAULT_APPROVAL_CACHE_SIZE);
  }
}
