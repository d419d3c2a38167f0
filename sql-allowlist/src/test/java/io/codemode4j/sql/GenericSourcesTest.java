package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The build check that the allowlist serves any warehouse: no main source of this module names the
 * billing sample's tables or columns (the refusals' examples come from {@link SchemaExamples}), and
 * the generic packages ({@code io.codemode4j.sql} and below) name no engine but through a {@link
 * io.codemode4j.sql.dialect.Dialect}: no engine's name in a string literal or in code, no import of
 * an engine package, and DuckDB, the reference dialect, named only by the parse side (whose input
 * language is DuckDB's SQL) and by DuckDB's own definition.
 *
 * <p>Sources are read as Java lexes them ({@link #tokens}): comments may say what was measured on
 * an engine, so only string literals and code are held to the engine rule; billing's names are held
 * everywhere, comments included. {@link #findings_ofASource_areWhatTheRulesSay} checks the rules
 * themselves on small sources, so that a check that finds nothing means the sources are clean, not
 * that the scan read nothing.
 */
class GenericSourcesTest {

  private static final Path MAIN = Path.of("src/main/java");

  private static final Path GENERIC = MAIN.resolve("io/codemode4j/sql");

  /** The billing sample's tables, columns, tenant values and key format. */
  private static final Pattern BILLING =
      Pattern.compile(
          "(?i)\\b(invoices?|invoice_lines|invoice_summary|invoice_id|customers|customer_id"
              + "|amount_cents|unit_price_cents|issued_on|paid_on|due_on|region|emea|apac"
              + "|americas)\\b|INV-0");

  /** Engines other than the reference, as their names and class names spell them. */
  private static final Pattern ENGINE =
      Pattern.compile("(?i)postgres|trino|presto|mariadb|mysql|snowflake|bigquery");

  private static final Pattern DUCKDB = Pattern.compile("(?i)duckdb");

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");

  /** The parse side, whose input language is DuckDB's SQL: DuckDB may be named in its text. */
  private static final Set<String> PARSE_SIDE =
      Set.of(
          "QueryParser.java",
          "CastPrecedence.java",
          "ConcatPrecedence.java",
          "AsWritten.java",
          "SqlScan.java",
          "TreeRewriter.java",
          "DuckDbSyntax.java",
          "DuckDbForms.java",
          "DuckDbIdioms.java");

  /** DuckDB's definition, as any engine's: the one place that writes its rendering and lists. */
  private static final String DEFINITION = "DuckDbSql.java";

  /** The parse side's classes, which any pass may call: DuckDB's forms are the input's. */
  private static final Set<String> PARSE_SIDE_CLASSES =
      Set.of("DuckDbForms", "DuckDbSyntax", "DuckDbIdioms");

  /** Where the reference dialect is reached: {@code Dialect.duckDb()} and the builder's default. */
  private static final Set<String> REFERENCE_FACTORY = Set.of("Dialect.java", "SqlAllowlist.java");

  @Test
  void mainSources_nameNoBillingTableOrColumn() {
    List<String> findings = new ArrayList<>();
    for (Path file : javaFiles(MAIN)) {
      findings.addAll(billingNames(file.toString(), read(file)));
    }

    assertThat(javaFiles(MAIN)).hasSizeGreaterThan(40);
    assertThat(findings).isEmpty();
  }

  @Test
  void genericSources_nameNoEngineButThroughTheDialect() {
    List<String> findings = new ArrayList<>();
    for (Path file : javaFiles(GENERIC)) {
      findings.addAll(engineNames(file.getFileName().toString(), read(file)));
    }

    assertThat(javaFiles(GENERIC)).hasSizeGreaterThan(40);
    assertThat(findings).isEmpty();
  }

  /** The rules on sources small enough to read: what each finds, and what it lets through. */
  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          QueryWalker.java    | String s = "not supported by PostgreSQL";            | engine in a string
          QueryWalker.java    | boolean b = dialect instanceof TrinoDialect;         | engine in code
          QueryWalker.java    | import io.codemode4j.engine.postgres.PostgresSql;   | engine in code
          QueryWalker.java    | String s = \"\"\"\\n Trino \\n\"\"\";                  | engine in a string
          QueryWalker.java    | // measured on PostgreSQL 15                         |
          QueryWalker.java    | /* Trino divides integers */ int x = 1;              |
          QueryWalker.java    | boolean b = dialect.equals(Dialect.duckDb());        | DuckDB in code
          QueryWalker.java    | String s = "as DuckDB reads it";                     | DuckDB in a string
          QueryWalker.java    | DuckDbForms.normalise(query);                        |
          QueryParser.java    | String s = "which DuckDB reads as the end";          |
          Dialect.java        | return DuckDbSql.DIALECT;                            |
          DuckDbSql.java      | Dialect.builder("DuckDB");                           |
          FeatureCheck.java   | String s = "e.g. invoice_id LIKE 'INV-1'";           | billing
          FeatureCheck.java   | // e.g. GROUP BY region                              | billing
          FeatureCheck.java   | String s = "regionMatches";                          |
          FeatureCheck.java   | char c = '"'; String s = "x"; // "Trino"             |
          """)
  void findings_ofASource_areWhatTheRulesSay(String file, String source, String expected) {
    String java = source.replace("\\n", "\n");
    List<String> findings = new ArrayList<>(billingNames(file, java));
    findings.addAll(engineNames(file, java));

    if (expected == null) {
      assertThat(findings).isEmpty();
    } else {
      assertThat(findings)
          .isNotEmpty()
          .allSatisfy(finding -> assertThat(finding).contains(expected));
    }
  }

  /** Each billing name {@code source} holds, in code, literals or comments. */
  private static List<String> billingNames(String file, String source) {
    List<String> findings = new ArrayList<>();
    Matcher name = BILLING.matcher(source);
    while (name.find()) {
      findings.add(file + ": names the billing sample's " + name.group());
    }
    return findings;
  }

  /**
   * Each engine {@code source}, a file of the generic packages, names other than by its dialect.
   */
  private static List<String> engineNames(String file, String source) {
    List<String> findings = new ArrayList<>();
    for (Token token : tokens(source)) {
      switch (token.kind()) {
        case COMMENT -> {}
        case STRING -> {
          if (ENGINE.matcher(token.text()).find()) {
            findings.add(file + ": engine in a string " + token.text());
          } else if (DUCKDB.matcher(token.text()).find()
              && !PARSE_SIDE.contains(file)
              && !file.equals(DEFINITION)) {
            findings.add(file + ": DuckDB in a string " + token.text());
          }
        }
        case CODE -> {
          if (token.text().contains("io.codemode4j.engine")) {
            findings.add(file + ": engine in code, its package");
          }
          Matcher word = IDENTIFIER.matcher(token.text());
          while (word.find()) {
            String identifier = word.group();
            if (ENGINE.matcher(identifier).find()) {
              findings.add(file + ": engine in code " + identifier);
            } else if (DUCKDB.matcher(identifier).find() && !duckDbAllowed(file, identifier)) {
              findings.add(file + ": DuckDB in code " + identifier);
            }
          }
        }
      }
    }
    return findings;
  }

  private static boolean duckDbAllowed(String file, String identifier) {
    return PARSE_SIDE_CLASSES.contains(identifier)
        || file.equals(DEFINITION)
        || (REFERENCE_FACTORY.contains(file)
            && (identifier.equals("duckDb") || identifier.equals("DuckDbSql")));
  }

  private enum Kind {
    CODE,
    STRING,
    COMMENT
  }

  private record Token(Kind kind, String text) {}

  /**
   * {@code source} as Java lexes it into code, string and character literals (text blocks too) and
   * comments; code runs between them.
   */
  static List<Token> tokens(String source) {
    List<Token> tokens = new ArrayList<>();
    StringBuilder code = new StringBuilder();
    int i = 0;
    while (i < source.length()) {
      int end;
      Kind kind;
      if (source.startsWith("//", i)) {
        end = source.indexOf('\n', i);
        end = end < 0 ? source.length() : end;
        kind = Kind.COMMENT;
      } else if (source.startsWith("/*", i)) {
        end = source.indexOf("*/", i + 2);
        end = end < 0 ? source.length() : end + 2;
        kind = Kind.COMMENT;
      } else if (source.startsWith("\"\"\"", i)) {
        end = source.indexOf("\"\"\"", i + 3);
        end = end < 0 ? source.length() : end + 3;
        kind = Kind.STRING;
      } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
        end = closing(source, i);
        kind = Kind.STRING;
      } else {
        code.append(source.charAt(i));
        i++;
        continue;
      }
      tokens.add(new Token(Kind.CODE, code.toString()));
      code.setLength(0);
      tokens.add(new Token(kind, source.substring(i, end)));
      i = end;
    }
    tokens.add(new Token(Kind.CODE, code.toString()));
    return tokens;
  }

  /** The index after the literal opened at {@code open}, whose escapes are backslashes. */
  private static int closing(String source, int open) {
    char quote = source.charAt(open);
    int i = open + 1;
    while (i < source.length() && source.charAt(i) != quote) {
      i += source.charAt(i) == '\\' ? 2 : 1;
    }
    return Math.min(i + 1, source.length());
  }

  private static List<Path> javaFiles(Path root) {
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(file -> file.toString().toLowerCase(Locale.ROOT).endsWith(".java"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
