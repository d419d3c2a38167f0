package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.Corpus;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.sql.dialect.Dialect;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.junit.jupiter.api.Test;

/**
 * The core-parser path against the Babel-only path, over every text the tests know: the probes of
 * {@code corpus/both-parsers.sql} (the shared grammar's operators, precedences, literals, keywords,
 * functions, clauses and statements, and tokens only Babel knows) and the accepted, refused and
 * tenant corpora.
 */
class BothParsersTest {

  private static final SqlAllowlist CORE_FIRST = SampleTables.allowlist();
  private static final Approver BABEL_ONLY = BabelOnly.defaults();
  private static final List<QueryPolicy> POLICIES =
      List.of(QueryPolicy.unscoped(100), QueryPolicy.forTenant(Tenant.of("emea"), 100));

  static List<String> texts() {
    Stream<String> probes = probes().stream();
    Stream<String> corpora =
        Stream.of("/corpus/accepted.sql", "/corpus/refused.sql", "/corpus/tenant.sql")
            .flatMap(resource -> Corpus.read(resource).entries().stream())
            .map(Corpus.Entry::sql);
    return Stream.concat(probes, corpora).toList();
  }

  /** The lines of {@code corpus/both-parsers.sql} that are not notes. */
  static List<String> probes() {
    try (InputStream in = BothParsersTest.class.getResourceAsStream("/corpus/both-parsers.sql")) {
      Objects.requireNonNull(in, "corpus/both-parsers.sql");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .filter(line -> !line.isBlank() && !line.startsWith("--"))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void probes_fileIsRead_holdsTheGrammarProbes() {
    assertThat(probes()).hasSizeGreaterThanOrEqualTo(250).contains("SELECT 1_000 AS n");
  }

  @Test
  void parseWithCore_anyTextItReads_isReadByBabelAsTheSameQuery() throws Exception {
    List<String> differences = new ArrayList<>();
    int readByCore = 0;
    for (String sql : texts()) {
      Optional<SqlNode> core = QueryParser.parseWithCore(sql);
      if (core.isEmpty()) {
        continue;
      }
      readByCore++;
      SqlNodeList babel;
      try {
        babel = SqlParser.create(sql, QueryParser.BABEL_CONFIG).parseStmtList();
      } catch (SqlParseException e) {
        differences.add(
            sql + "\n  core reads it, Babel does not: " + e.getMessage().lines().findFirst());
        continue;
      }
      String coreSql = rendering(core.get());
      String babelSql = babel.size() == 1 ? rendering(babel.get(0)) : babel.size() + " statements";
      if (!coreSql.equals(babelSql)) {
        differences.add(sql + "\n  core:  " + coreSql + "\n  Babel: " + babelSql);
      }
    }

    assertThat(readByCore).as("texts the core parser reads").isGreaterThanOrEqualTo(300);
    assertThat(differences).as("texts the two parsers read differently").isEmpty();
  }

  /** Unscoped, then for the texts approved so, also for a tenant (its rewrite is what differs). */
  @Test
  void approve_everyText_givesTheSameOutcomeOnBothParserPaths() {
    List<String> differences = new ArrayList<>();
    int approvedThroughCore = 0;
    for (String sql : texts()) {
      boolean readByCore = QueryParser.parseWithCore(sql).isPresent();
      for (QueryPolicy policy : POLICIES) {
        Object coreFirst = outcome(CORE_FIRST::approve, sql, policy);
        Object babelOnly = outcome(BABEL_ONLY::approve, sql, policy);
        if (!coreFirst.equals(babelOnly)) {
          differences.add(
              sql + " " + policy + "\n  core first: " + coreFirst + "\n  Babel only: " + babelOnly);
        }
        if (!(coreFirst instanceof ApprovedQuery)) {
          break;
        }
        if (readByCore) {
          approvedThroughCore++;
        }
      }
    }

    assertThat(approvedThroughCore)
        .as("approvals of a tree the core parser read")
        .isGreaterThanOrEqualTo(350);
    assertThat(differences).isEmpty();
  }

  @Test
  void parseWithCore_numberRunningIntoAWord_isLeftToBabel() throws Exception {
    // Core's lexer reads 1_000 as 1 and the alias _000; Babel's (like DuckDB) reads one word.
    SqlNode coreTree =
        SqlParser.create("SELECT 1_000", QueryParser.CORE_CONFIG).parseStmtList().get(0);
    assertThat(rendering(coreTree)).isEqualTo("SELECT 1 AS \"_000\"");

    assertThat(QueryParser.parseWithCore("SELECT 1_000")).isEmpty();
    assertThat(CORE_FIRST.approve("SELECT 1_000", QueryPolicy.unscoped(10)).sql())
        .startsWith("SELECT \"1_000\"");
  }

  @Test
  void parseWithCore_datePartCall_isLeftToBabel() throws Exception {
    // Babel reads date_part(...) as its own EXTRACT-like operator, core as a plain function call.
    String sql = "SELECT date_part('year', issued_on) FROM invoices";
    SqlNode coreTree = SqlParser.create(sql, QueryParser.CORE_CONFIG).parseStmtList().get(0);
    SqlNode babelTree = SqlParser.create(sql, QueryParser.BABEL_CONFIG).parseStmtList().get(0);
    assertThat(rendering(coreTree)).isNotEqualTo(rendering(babelTree));

    assertThat(QueryParser.parseWithCore(sql)).isEmpty();
  }

  /** {@code SqlAllowlist::approve} or {@code Approver::approve}. */
  private interface Approval {
    ApprovedQuery approve(String sql, QueryPolicy policy) throws SqlRefusedException;
  }

  private static Object outcome(Approval approval, String sql, QueryPolicy policy) {
    try {
      return approval.approve(sql, policy);
    } catch (SqlRefusedException e) {
      return e.refusal();
    }
  }

  private static String rendering(SqlNode tree) {
    try {
      return Rendering.render(tree, Dialect.duckDb());
    } catch (SqlRefusedException e) {
      return "refused: " + e.refusal();
    }
  }
}
