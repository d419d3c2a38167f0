package io.codemode4j.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A class-data archive of the packaged CLI for the integration tests' launches of it, as {@code
 * ./codemode} keeps one for its users: the tests start the jar several hundred times, and each
 * start that maps the classes a recorded run loaded instead of loading and verifying them from the
 * jars took about half the CPU (4.2-5.0 s of user time for {@code run examples/top-region.js}
 * without, 2.1-2.3 s with, JDK 25 on these 2 cores). Recorded once per test JVM by one training
 * run, written under a temporary name and renamed; keyed by the jar's size and time and the JVM
 * flags it was recorded under, so a rebuilt jar or other flags record anew. A launch whose flags do
 * not match the archive runs without it, as the JVM decides; logging of class-data sharing is off
 * so that no test's stderr changes.
 *
 * <p>Decided: a dynamic archive ({@code -XX:ArchiveClassesAtExit}), which every JDK from 21 up
 * takes, over the launcher's JDK 25 AOT cache, whose two-step creation is the launcher's own
 * concern and is tested there (LauncherIT).
 */
final class ClassDataArchive {

  private static final String QUIET = "-Xlog:cds*=off";

  private static List<String> flags;

  private ClassDataArchive() {}

  /**
   * The flags that map the archive, recording it first when this JVM has not; none when the
   * training run failed (the launches then start as without an archive, only slower).
   */
  static synchronized List<String> flags(List<String> jvm, Path jar) {
    if (flags == null) {
      flags = record(jvm, jar);
    }
    return flags;
  }

  private static List<String> record(List<String> jvm, Path jar) {
    try {
      Path archive =
          jar.resolveSibling(
              "codemode-it-"
                  + Files.size(jar)
                  + "-"
                  + Files.getLastModifiedTime(jar).toMillis()
                  + "-"
                  + Integer.toHexString(jvm.hashCode())
                  + ".jsa");
      if (!Files.isRegularFile(archive)) {
        Path partial = Files.createTempFile(jar.getParent(), "codemode-it", ".jsa.partial");
        Files.delete(partial);
        List<String> command = new ArrayList<>(jvm);
        command.addAll(List.of("-XX:ArchiveClassesAtExit=" + partial, QUIET, "-jar"));
        command.addAll(List.of(jar.toString(), "run", example().toString()));
        Process training =
            new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        training.getOutputStream().close();
        if (!training.waitFor(180, TimeUnit.SECONDS)
            || training.exitValue() != 0
            || !Files.isRegularFile(partial)) {
          training.destroyForcibly();
          Files.deleteIfExists(partial);
          System.out.println(
              "no class-data archive for the packaged CLI's launches: its training run failed;"
                  + " the launches start without one");
          return List.of();
        }
        Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE);
      }
      return List.of("-XX:SharedArchiveFile=" + archive, QUIET);
    } catch (IOException e) {
      System.out.println("no class-data archive for the packaged CLI's launches: " + e);
      return List.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return List.of();
    }
  }

  private static Path example() {
    return Path.of(System.getProperty("codemode.home", ".."))
        .resolve("examples")
        .resolve("top-region.js")
        .toAbsolutePath();
  }
}
