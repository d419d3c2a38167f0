package io.codemode4j.cli;

import io.codemode4j.bench.Engine;
import io.codemode4j.bench.EngineEndpoint;
import io.codemode4j.bench.QueryScenario;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The engines {@code codemode bench} measures {@code query_ratio_<engine>} on, and the reader
 * identity it connects as: credentials as {@code --warehouse} takes them (in the URL, or a user
 * flag or variable and a password variable), never echoed.
 *
 * <p>Decided: every value is checked before the bench starts, and each engine answers README's
 * query once, so a wrong URL, login or schema is a usage error at once instead of a metric not
 * measured at the end of a run of minutes.
 */
final class EngineOptions {

  @Spec(Spec.Target.MIXEE)
  CommandSpec spec;

  @Option(
      names = "--postgres",
      paramLabel = "JDBC_URL",
      description =
          "Also measure query_ratio_postgres on the PostgreSQL at this JDBC URL"
              + " (jdbc:postgresql://host/db), which holds the sample as `codemode load-sample` loads"
              + " it, read by README's reader role. Credentials: in the URL (?user=..&password=..), or"
              + " --postgres-user and the environment variable --postgres-password-env names; never"
              + " echoed.")
  @Nullable String postgres;

  @Option(
      names = "--postgres-user",
      paramLabel = "ROLE",
      description =
          "The PostgreSQL reader role (default: the URL's, else CODEMODE_WAREHOUSE_USER).")
  @Nullable String postgresUser;

  @Option(
      names = "--postgres-password-env",
      paramLabel = "VAR",
      description =
          "The environment variable holding the reader's password"
              + " (default: CODEMODE_WAREHOUSE_PASSWORD, if set).")
  @Nullable String postgresPasswordEnv;

  @Option(
      names = "--postgres-schema",
      paramLabel = "SCHEMA",
      description = "The PostgreSQL schema of the sample's tables (default: billing).")
  @Nullable String postgresSchema;

  @Option(
      names = "--trino",
      paramLabel = "JDBC_URL",
      description =
          "Also measure query_ratio_trino on the Trino at this JDBC URL, which names the catalog"
              + " and schema of the sample's tables (jdbc:trino://host:8080/hive/billing), read by a"
              + " user Trino's access rules let read them. The user: in the URL (?user=..), or"
              + " --trino-user; a password only over TLS, from the variable --trino-password-env"
              + " names; never echoed.")
  @Nullable String trino;

  @Option(
      names = "--trino-user",
      paramLabel = "USER",
      description = "The Trino user (default: the URL's, else CODEMODE_TRINO_USER).")
  @Nullable String trinoUser;

  @Option(
      names = "--trino-password-env",
      paramLabel = "VAR",
      description =
          "The environment variable holding the Trino user's password (default: none; Trino takes"
              + " one only over TLS, SSL=true in the URL).")
  @Nullable String trinoPasswordEnv;

  /** Whether any engine option was given (the soak takes none). */
  boolean any() {
    return postgres != null
        || postgresUser != null
        || postgresPasswordEnv != null
        || postgresSchema != null
        || trino != null
        || trinoUser != null
        || trinoPasswordEnv != null;
  }

  /**
   * The endpoint of each engine given, its credentials resolved from the options and {@code env}; a
   * usage error names the option and what to give instead.
   */
  List<EngineEndpoint> endpoints(Map<String, String> env) {
    List<EngineEndpoint> endpoints = new ArrayList<>();
    if (postgres == null) {
      requireEngine(Engine.POSTGRES);
    } else {
      endpoints.add(
          endpoint(
              Engine.POSTGRES,
              postgres,
              postgresUser,
              "CODEMODE_WAREHOUSE_USER",
              postgresPasswordEnv,
              "CODEMODE_WAREHOUSE_PASSWORD",
              postgresSchema != null ? postgresSchema : "billing",
              env));
    }
    if (trino == null) {
      requireEngine(Engine.TRINO);
    } else {
      endpoints.add(
          endpoint(
              Engine.TRINO,
              trino,
              trinoUser,
              "CODEMODE_TRINO_USER",
              trinoPasswordEnv,
              null,
              null,
              env));
    }
    return endpoints;
  }

  /**
   * Runs README's query once on each endpoint as the bench's plain JDBC baseline will; a usage
   * error says what the engine answered instead, without the password.
   */
  void probe(List<EngineEndpoint> endpoints) {
    for (EngineEndpoint endpoint : endpoints) {
      try {
        QueryScenario.probe(endpoint);
      } catch (SQLException e) {
        String message = String.valueOf(e.getMessage());
        String password = endpoint.password();
        if (password != null && !password.isEmpty()) {
          message = message.replace(password, "***");
        }
        throw CodemodeCli.usage(
            spec,
            endpoint.engine().option()
                + ": "
                + endpoint
                + " did not answer the bench's query: "
                + message
                + " (check the URL, the reader's login and password ("
                + endpoint.engine().option()
                + "-password-env), and that the server holds the sample, readable by that"
                + " reader as README's Warehouses section sets it up)");
      }
    }
  }

  private EngineEndpoint endpoint(
      Engine engine,
      String url,
      @Nullable String userOption,
      String userVariable,
      @Nullable String passwordOption,
      @Nullable String passwordVariable,
      @Nullable String schema,
      Map<String, String> env) {
    String option = engine.option();
    try {
      String user = engine.urlUser(url);
      if (user != null && userOption != null && !user.equals(userOption)) {
        throw CodemodeCli.usage(
            spec,
            option
                + " names the user "
                + user
                + " in its URL and "
                + option
                + "-user names "
                + userOption
                + ": give the reader once");
      }
      if (user == null) {
        user = userOption != null ? userOption : env.get(userVariable);
      }
      if (user == null) {
        throw CodemodeCli.usage(
            spec,
            option
                + " needs the reader to connect as: put user=NAME in the URL, give "
                + option
                + "-user NAME, or set "
                + userVariable);
      }
      String variable = passwordOption != null ? passwordOption : passwordVariable;
      String password = variable == null ? null : env.get(variable);
      if (passwordOption != null && password == null) {
        throw CodemodeCli.usage(
            spec,
            option
                + "-password-env names "
                + passwordOption
                + ", which is not set: export the reader's password in it");
      }
      return new EngineEndpoint(engine, url, user, password, schema);
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, option + ": " + e.getMessage());
    }
  }

  /**
   * A usage error when one of an engine's credential or schema options ({@code --postgres-user}
   * ...) is on the command line without the engine's URL.
   */
  private void requireEngine(Engine engine) {
    String option = engine.option();
    for (OptionSpec matched : spec.commandLine().getParseResult().matchedOptions()) {
      if (matched.longestName().startsWith(option + "-")) {
        throw CodemodeCli.usage(
            spec,
            matched.longestName() + " applies to " + option + ": give " + option + " JDBC_URL too");
      }
    }
  }
}
