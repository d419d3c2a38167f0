package io.codemode4j.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged CLI ({@code target/codemode.jar}, as the launcher runs it) started as a subprocess,
 * for the tests of {@code codemode mcp}: its command line, and an HTTP server with two tokens.
 */
final class PackagedMcp {

  /** A token of the principal {@code emea-analyst}, confined to the region emea. */
  static final String EMEA_TOKEN = "emea-token-0123456789abcdef";

  /** A token of the principal {@code sql-only}: every region, only the warehouse methods. */
  static final String SQL_TOKEN = "sql-token-fedcba9876543210";

  /** The line the HTTP server prints on stderr once it listens. */
  private static final Pattern SERVING = Pattern.compile("serving Streamable HTTP at (\\S+)");

  private PackagedMcp() {}

  /**
   * The JVM command line that runs the packaged CLI with {@code args} under the launcher's JVM
   * flags for that command ({@code codemode}): the serial collector, C1 alone for the one-shot
   * {@code run}, {@code query} and {@code tables}, and the JVM's own log lines on stderr for {@code
   * mcp}, whose stdout is the protocol. Tests so launch the CLI as users do, and a one-shot launch
   * costs about 1.2-1.4 s of user CPU instead of 1.8-2.1 s with G1 and C2 (JDK 25, two cores).
   * Paths are absolute.
   */
  static List<String> command(String... args) {
    List<String> command =
        new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
    command.add("-XX:+UseSerialGC");
    // As the launcher: DuckDB's driver uses sun.misc.Unsafe, which JDK 23+ warns about otherwise.
    if (Runtime.version().feature() >= 23) {
      command.add("--sun-misc-unsafe-memory-access=allow");
    }
    command.add(
        "-Dcodemode.cacheDir="
            + Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache"))
                .toAbsolutePath());
    Path jar = Path.of("target", "codemode.jar").toAbsolutePath();
    // Recorded under the flags every command shares; the archive serves each command's.
    List<String> archive = ClassDataArchive.flags(List.copyOf(command), jar);
    String verb = args.length == 0 ? "" : args[0];
    switch (verb) {
      case "run", "query", "tables" -> command.add("-XX:TieredStopAtLevel=1");
      case "mcp" -> command.addAll(List.of("-Xlog:disable", "-Xlog:all=warning:stderr"));
      default -> {}
    }
    command.addAll(archive);
    command.addAll(List.of("-jar", jar.toString()));
    command.addAll(List.of(args));
    return command;
  }

  /** A running {@code codemode mcp --transport http} and the endpoint it printed. */
  record HttpServer(Process process, URI endpoint, List<String> err) implements AutoCloseable {
    @Override
    public void close() {
      process.destroyForcibly();
    }
  }

  /**
   * Starts {@code codemode mcp --transport http --port 0} with a tokens file in {@code dir} holding
   * {@link #EMEA_TOKEN} and {@link #SQL_TOKEN}, and {@code extra} arguments; returns once it
   * listens.
   */
  static HttpServer startHttp(Path dir, String... extra) throws Exception {
    Path tokens = writeTokens(dir);
    List<String> args =
        new ArrayList<>(List.of("mcp", "--transport", "http", "--port", "0", "--tokens"));
    args.add(tokens.toString());
    args.addAll(List.of(extra));
    Process process =
        new ProcessBuilder(command(args.toArray(String[]::new)))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    process.getOutputStream().close();
    List<String> err = new CopyOnWriteArrayList<>();
    CompletableFuture<URI> endpoint = new CompletableFuture<>();
    Thread.ofPlatform()
        .daemon(true)
        .start(
            () -> {
              try (BufferedReader lines =
                  new BufferedReader(
                      new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                  err.add(line);
                  Matcher m = SERVING.matcher(line);
                  if (m.find()) {
                    endpoint.complete(URI.create(m.group(1)));
                  }
                }
              } catch (IOException e) {
                endpoint.completeExceptionally(e);
              }
              endpoint.completeExceptionally(new AssertionError("the server ended: " + err));
            });
    try {
      return new HttpServer(process, endpoint.get(120, TimeUnit.SECONDS), err);
    } catch (Exception e) {
      process.destroyForcibly();
      throw e;
    }
  }

  /** Writes {@code dir/tokens.json} holding {@link #EMEA_TOKEN} and {@link #SQL_TOKEN}. */
  static Path writeTokens(Path dir) throws Exception {
    Path tokens = dir.resolve("tokens.json");
    Files.writeString(
        tokens,
        """
        {"tokens": [
          {"sha256": "%s", "principal": "emea-analyst", "tenant": ["emea"]},
          {"sha256": "%s", "principal": "sql-only", "allTenants": true, "methods": ["warehouse.*"]}
        ]}
        """
            .formatted(sha256(EMEA_TOKEN), sha256(SQL_TOKEN)));
    return tokens;
  }

  /** What a tokens file stores for {@code token}, computed here independently of the CLI. */
  private static String sha256(String token) throws Exception {
    return HexFormat.of()
        .formatHex(
            MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
  }
}
