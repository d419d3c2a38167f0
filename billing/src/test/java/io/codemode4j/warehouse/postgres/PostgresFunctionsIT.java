package io.codemode4j.warehouse.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.engine.postgres.PostgresSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL dialect's default functions against {@code pg_proc} of a real PostgreSQL 18: each
 * name that is not grammar exists in pg_catalog as a plain, aggregate or window function, callable
 * by the reader, and none runs with its owner's rights.
 */
class PostgresFunctionsIT {

  private static final Set<String> GRAMMAR =
      Set.of(
          "coalesce",
          "nullif",
          "greatest",
          "least",
          "extract",
          "position",
          "substring",
          "trim",
          "current_date",
          "current_timestamp",
          "grouping");

  @Test
  void defaultFunctions_exceptGrammar_existInPgCatalogForTheReader() throws SQLException {
    List<String> missing = new ArrayList<>();
    List<String> definers = new ArrayList<>();
    try (Connection reader = TestPostgres.connect(TestPostgres.READER);
        PreparedStatement query =
            reader.prepareStatement(
                "SELECT count(*), bool_or(p.prosecdef),"
                    + " bool_and(has_function_privilege(p.oid, 'EXECUTE'))"
                    + " FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
                    + " WHERE n.nspname = 'pg_catalog' AND p.proname = ?"
                    + " AND p.prokind IN ('f', 'a', 'w')")) {
      for (String name : new TreeSet<>(PostgresSql.dialect("billing").functions().names())) {
        if (GRAMMAR.contains(name)) {
          continue;
        }
        query.setString(1, name);
        try (ResultSet rs = query.executeQuery()) {
          rs.next();
          if (rs.getLong(1) == 0 || !rs.getBoolean(3)) {
            missing.add(name);
          } else if (rs.getBoolean(2)) {
            definers.add(name);
          }
        }
      }
    }

    assertThat(missing).as("not callable in pg_catalog").isEmpty();
    assertThat(definers).as("security definer").isEmpty();
  }

  @Test
  void grammarNames_areAllInTheDefaults_soTheSkipListHidesNoTypo() {
    assertThat(PostgresSql.dialect("billing").functions().names()).containsAll(GRAMMAR);
  }
}
