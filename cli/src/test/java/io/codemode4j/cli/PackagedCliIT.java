package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packaged CLI ({@code target/codemode.jar} with {@code target/lib}, as the launcher runs it):
 * its picocli is the build's upgraded copy (see the cli pom), which must be archivable and behave
 * as the original that the other tests run on Maven's classpath.
 */
class PackagedCliIT {

  private static final Path TARGET = Path.of("target");

  @TempDir Path cache;

  private record Outcome(int exitCode, String out, String err) {}

  @Test
  void packagedPicocli_everyClassFile_isJava6OrNewer() throws IOException {
    List<String> old = new ArrayList<>();
    int classes = 0;
    try (JarFile jar = new JarFile(TARGET.resolve("lib").resolve(picocliJarName()).toFile())) {
      for (ZipEntry entry : jar.stream().filter(e -> e.getName().endsWith(".class")).toList()) {
        byte[] header = jar.getInputStream(entry).readNBytes(8);
        classes++;
        if (((header[6] & 0xff) << 8 | (header[7] & 0xff)) < 50) {
          old.add(entry.getName());
        }
      }
    }
    assertThat(classes).isGreaterThan(100);
    assertThat(old).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "codemode4j-sql-allowlist, io.codemode4j.sql",
    "codemode4j-codemode-bridge, io.codemode4j.bridge",
    "codemode4j-sample-data, io.codemode4j.sample",
    "codemode4j-warehouse-tools, io.codemode4j.warehouse",
    "codemode4j-mcp-server, io.codemode4j.mcp",
    "codemode4j-agent-runtime, io.codemode4j.agent",
    "codemode, io.codemode4j.cli"
  })
  void everyModulesJar_namesItsAutomaticModule(String artifact, String moduleName)
      throws IOException {
    Path jar;
    if (artifact.equals("codemode")) {
      jar = TARGET.resolve("codemode.jar");
    } else {
      try (Stream<Path> lib = Files.list(TARGET.resolve("lib"))) {
        jar =
            lib.filter(
                    p ->
                        p.getFileName()
                            .toString()
                            .matches(Pattern.quote(artifact) + "-[0-9][^-]*(-SNAPSHOT)?\\.jar"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + artifact + " jar in target/lib"));
      }
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      assertThat(file.getManifest().getMainAttributes().getValue("Automatic-Module-Name"))
          .as(jar.toString())
          .isEqualTo(moduleName);
    }
  }

  @Test
  void packagedLib_holdsNoBenchmarkJmhOrSoak() throws IOException {
    try (Stream<Path> lib = Files.list(TARGET.resolve("lib"))) {
      assertThat(lib.map(p -> p.getFileName().toString()))
          .isNotEmpty()
          .noneMatch(name -> name.startsWith("codemode4j-benchmarks"))
          .noneMatch(name -> name.startsWith("jmh-"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "--help",
        "run --help",
        "run",
        "run --timeout=forever x.js",
        "query --bogus",
        "tables -h"
      })
  void packagedJar_commandLine_printsAndExitsAsInProcess(String commandLine)
      throws IOException, InterruptedException {
    String[] args = commandLine.split(" ");

    Outcome packaged = packaged(args);

    assertThat(packaged).isEqualTo(inProcess(args));
  }

  @ParameterizedTest(name = "recording: {0}")
  @ValueSource(booleans = {false, true})
  void packagedJar_openingTheWarehouse_registersDuckDbsJfrEventOnlyWhileRecording(boolean recording)
      throws IOException, InterruptedException {
    Path classLog = cache.resolve("classes.log");
    List<String> options =
        new ArrayList<>(
            List.of(
                "--sun-misc-unsafe-memory-access=allow",
                "-Xlog:class+load=info:file=" + classLog,
                "-Dcodemode.cacheDir=" + cache));
    if (recording) {
      options.add("-XX:StartFlightRecording:filename=" + cache.resolve("run.jfr"));
    }

    Outcome tables =
        packaged(options, "tables", "--data", System.getProperty("codemode.sampleDir"));

    assertThat(tables.exitCode()).as(tables.err()).isZero();
    assertThat(Files.readString(classLog)).contains("org.duckdb.DuckDBDriver ");
    assertThat(Files.readString(classLog).contains("org.duckdb.DuckDBMemoryEvent "))
        .isEqualTo(recording);
  }

  private static String picocliJarName() throws IOException {
    try (var files = Files.list(TARGET.resolve("lib"))) {
      return files
          .map(file -> file.getFileName().toString())
          .filter(name -> name.startsWith("picocli-") && name.endsWith(".jar"))
          .findFirst()
          .orElseThrow();
    }
  }

  private static Outcome packaged(String... args) throws IOException, InterruptedException {
    return packaged(List.of(), args);
  }

  private static Outcome packaged(List<String> jvmOptions, String... args)
      throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(List.of(ProcessHandle.current().info().command().orElseThrow()));
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", TARGET.resolve("codemode.jar").toString()));
    command.addAll(List.of(args));
    Process process = new ProcessBuilder(command).start();
    process.getOutputStream().close();
    // Help texts are a few kilobytes, well under a pipe's buffer, so reading one stream after the
    // other is safe.
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Outcome(process.waitFor(), out, err);
  }

  private static Outcome inProcess(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = CodemodeCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Outcome(code, out.toString(), err.toString());
  }
}
