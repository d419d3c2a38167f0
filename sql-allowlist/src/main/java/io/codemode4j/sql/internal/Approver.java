package io.codemode4j.sql.internal;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.sql.dialect.Dialect;
import java.util.Optional;
import java.util.Set;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.jspecify.annotations.Nullable;

/**
 * The approval pipeline behind {@link SqlAllowlist#approve}, and its cache of outcomes.
 *
 * <p>Decided: {@link SqlAllowlist} keeps the API (its builder checks the configuration) and hands
 * every text to this one class, so that the parser, walker and rewriting passes stay
 * package-private here and the API package reaches into this one only through this class, {@link
 * AllowedTables} (what the builder configured) and {@link Names} (how it checks names).
 *
 * <p>Thread-safe: the configuration is immutable and the cache synchronized.
 */
public final class Approver {

  private final AllowedTables tables;
  private final Dialect dialect;
  private final Advisor advisor;
  private final FunctionAllowlist functions;
  private final QueryParser parser;
  private final boolean coreParserFirst;
  private final int maxSqlBytes;

  /** {@code null} when disabled. */
  private final @Nullable ApprovalCache cache;

  /**
   * @param examples the names the refusals' examples and advice are written over
   * @param extraFunctions lowercase names allowed on top of the dialect's default functions
   * @param maxSqlBytes the longest text approved, in UTF-8 bytes; positive
   * @param coreParserFirst whether to try Calcite's core parser before Babel: {@code true} for
   *     {@link SqlAllowlist}; {@code false} parses with Babel alone, for the tests that compare the
   *     two paths
   * @param approvalCacheSize outcomes remembered, 0 for none
   */
  public Approver(
      Dialect dialect,
      SchemaExamples examples,
      AllowedTables tables,
      Set<String> extraFunctions,
      int maxSqlBytes,
      boolean coreParserFirst,
      int approvalCacheSize) {
    this.tables = tables;
    this.dialect = dialect;
    this.advisor = new Advisor(dialect, examples);
    this.functions = new FunctionAllowlist(dialect.functions().with(extraFunctions), advisor);
    this.parser = new QueryParser(maxSqlBytes, advisor);
    this.coreParserFirst = coreParserFirst;
    this.maxSqlBytes = maxSqlBytes;
    this.cache = approvalCacheSize == 0 ? null : new ApprovalCache(approvalCacheSize);
  }

  /** What {@link SqlAllowlist#approve} returns or throws for {@code sql} under {@code policy}. */
  public ApprovedQuery approve(String sql, QueryPolicy policy) throws SqlRefusedException {
    // A text over the size limit is refused at once, and is not worth keeping.
    if (cache == null || sql.length() > maxSqlBytes) {
      return decideOnThisStack(sql, policy);
    }
    ApprovalCache.Key key = new ApprovalCache.Key(sql, policy);
    Object cached = cache.get(key);
    if (cached instanceof ApprovedQuery approved) {
      return approved;
    }
    if (cached instanceof SqlRefusal refusal) {
      throw new SqlRefusedException(refusal);
    }
    ApprovedQuery approved;
    try {
      approved = decide(sql, policy);
    } catch (SqlRefusedException refused) {
      cache.put(key, refused.refusal());
      throw refused;
    } catch (StackOverflowError overflow) {
      // Not cached: the verdict is about this thread's stack, not the text.
      throw outOfStack(overflow);
    }
    cache.put(key, approved);
    return approved;
  }

  /** {@link #decide}, with running out of stack refused (there is no cache to keep it from). */
  private ApprovedQuery decideOnThisStack(String sql, QueryPolicy policy)
      throws SqlRefusedException {
    try {
      return decide(sql, policy);
    } catch (StackOverflowError overflow) {
      throw outOfStack(overflow);
    }
  }

  /**
   * The refusal of a text whose check ran out of the calling thread's stack. Decided: a refusal,
   * fail-closed, and never cached, since another thread may decide the same text. {@link
   * QueryParser#MAX_NESTING} keeps every text it admits from getting here on a 256 KiB stack; this
   * is the net for a thread smaller still.
   */
  private static SqlRefusedException outOfStack(StackOverflowError overflow) {
    return new SqlRefusedException(
        new SqlRefusal(
            RefusalReason.TOO_COMPLEX,
            "",
            1,
            1,
            "the SQL is nested too deeply to check on this thread's stack: flatten it, e.g. move "
                + "subqueries into a WITH clause"),
        overflow);
  }

  /** How {@code table} is confined to a tenant, or {@code null} when it is not allowlisted. */
  public @Nullable TenantScope scope(String table) {
    return tables.scope(table);
  }

  /** The allowlisted tables and views, lowercase. */
  public Set<String> tables() {
    return tables.names();
  }

  /**
   * The SQL, as this allowlist renders it, that answers at most one row of {@code table} that is
   * not {@code tenant}'s, or {@code null} when the table is shared ({@link
   * SqlAllowlist#foreignRowProbe}).
   */
  public @Nullable String foreignRowProbe(String table, Tenant tenant) throws SqlRefusedException {
    if (tables.scope(table) == null) {
      throw new IllegalArgumentException(
          "table " + table + " is not allowlisted, so it has no rows to probe");
    }
    SqlSelect foreign = new TenantFilter(tables, tenant).foreignRowsOf(table, SqlParserPos.ZERO);
    return foreign == null ? null : Rendering.render(RowCap.apply(foreign, 1), dialect);
  }

  /** How many outcomes the approval cache holds now (0 when it is disabled). */
  public int cachedOutcomes() {
    return cache == null ? 0 : cache.size();
  }

  /** The outcome of {@link #approve}, computed. */
  private ApprovedQuery decide(String sql, QueryPolicy policy) throws SqlRefusedException {
    SqlScan scan = parser.check(sql);
    if (coreParserFirst
        && !QueryParser.namesAWordCoreReserves(scan)
        && !QueryParser.usesSyntaxCoreLacks(scan)) {
      Optional<SqlNode> query = QueryParser.parseWithCore(sql);
      if (query.isPresent()) {
        try {
          return approve(query.get(), scan, policy);
        } catch (SqlRefusedException refused) {
          // Babel decides every refusal, so it reads as it did before the core parser was tried.
        }
      }
    }
    CastPrecedence.Reparsed parsed = CastPrecedence.parse(scan, advisor);
    try {
      return approve(parsed.query(), parsed.parsed(), policy);
    } catch (SqlRefusedException refused) {
      throw parsed.inSubmittedText(refused);
    }
  }

  /**
   * Walks, rewrites, caps, checks against the dialect ({@link FeatureCheck}) and renders one query
   * parsed from {@code text}.
   */
  private ApprovedQuery approve(SqlNode parsed, SqlScan text, QueryPolicy policy)
      throws SqlRefusedException {
    TreeDepth.check(parsed);
    boolean mayHaveCtes = text.hasWord("WITH");
    QueryWalker walker =
        policy
            .tenant()
            .map(
                tenant ->
                    QueryWalker.forTenant(
                        advisor, tables, functions, new TenantFilter(tables, tenant), mayHaveCtes))
            .orElseGet(() -> QueryWalker.unscoped(advisor, tables, functions, mayHaveCtes));
    SqlNode query = AsWritten.keep(ConcatPrecedence.regroup(parsed, text), text, dialect);
    walker.approve(query);
    StringGrowth.check(query, functions);
    SqlNode capped = RowCap.apply(query, policy.maxRows() + 1);
    FeatureCheck.check(capped, advisor);
    return new ApprovedQuery(
        Rendering.render(capped, dialect), policy.maxRows(), walker.tablesRead());
  }
}
