package io.codemode4j.sql.internal;

import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * The rewrites this module offers every dialect, by way of {@link
 * io.codemode4j.sql.dialect.Rewrites}; public for that class only, so that the shuttles, which know
 * DuckDB's forms, stay package-private here.
 */
public final class Rewriting {

  private Rewriting() {}

  /** {@code tree} with every divisor cast to {@code type}, see {@link FractionalDivision}. */
  public static SqlNode fractionalDivision(SqlNode tree, String typeName, SqlTypeName type) {
    return tree.accept(new FractionalDivision(typeName, type));
  }

  /** {@code tree} with each null treatment after its call, see {@link NullTreatmentAfterCall}. */
  public static SqlNode nullTreatmentAfterCall(SqlNode tree) {
    return tree.accept(new NullTreatmentAfterCall());
  }

  /** {@code tree} with each interval's number quoted, see {@link QuotedIntervalNumbers}. */
  public static SqlNode quotedIntervalNumbers(SqlNode tree) {
    return tree.accept(new QuotedIntervalNumbers());
  }
}
