package io.codemode4j.sql;

import java.io.StringReader;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;

/**
 * Table and column names written into SQL the allowlist will read: a query drafted from a catalog
 * ({@code codemode init}'s tenancy query), an example in advice. A name stands bare where the
 * allowlist's deciding grammar (Calcite's Babel) reads it as that name, else double-quoted, so a
 * table named {@code order} or a column named {@code select} drafts SQL that parses.
 */
public final class SqlNames {

  private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_]*");

  private SqlNames() {}

  /**
   * {@code name} as a query names it: {@code orders} bare, {@code order} as {@code "order"}, a name
   * with a capital, a space or a quote quoted (a double quote doubled).
   */
  public static String inQuery(String name) {
    Objects.requireNonNull(name, "name");
    if (PLAIN.matcher(name).matches()
        && !Reserved.BABEL.isReservedWord(name.toUpperCase(Locale.ROOT))) {
      return name;
    }
    return "\"" + name.replace("\"", "\"\"") + "\"";
  }

  /** Babel's keyword metadata, read once on first use (about 100 ms). */
  private static final class Reserved {
    static final SqlAbstractParserImpl.Metadata BABEL =
        new SqlBabelParserImpl(new StringReader("")).getMetadata();
  }
}
