package io.codemode4j.bridge.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Modes read back from the file system, which the test JVM's umask (022 on these machines) would
 * otherwise leave at 0755 and 0644.
 */
class OwnerOnlyTest {

  @TempDir Path dir;

  private static String mode(Path path) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
  }

  @Test
  void createDirectories_missingParents_eachCreatedIsTheOwnersAlone() throws Exception {
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path nested = dir.resolve("state").resolve("tenant");

    OwnerOnly.createDirectories(nested);

    assertThat(mode(dir.resolve("state"))).isEqualTo("rwx------");
    assertThat(mode(nested)).isEqualTo("rwx------");
    // A directory that was there already keeps its mode.
    assertThat(mode(dir)).isEqualTo("rwxr-xr-x");
  }

  @Test
  void file_missing_isCreatedEmptyAndTheOwnersAlone() throws Exception {
    Path file = OwnerOnly.file(dir.resolve("audit.jsonl"));

    assertThat(file).isEmptyFile();
    assertThat(mode(file)).isEqualTo("rw-------");
  }

  @Test
  void file_existingReadableByAll_becomesTheOwnersAloneKeepingItsContent() throws Exception {
    Path file = Files.writeString(dir.resolve("audit.jsonl"), "{\"line\":1}\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    OwnerOnly.file(file);

    assertThat(mode(file)).isEqualTo("rw-------");
    assertThat(file).hasContent("{\"line\":1}");
  }

  @Test
  void appendingTo_newAuditFile_isTheOwnersAlone() throws Exception {
    Path file = dir.resolve("new-audit.jsonl");

    try (AuditLog log = AuditLog.appendingTo(file, AuditLog.Arguments.OMITTED)) {
      assertThat(mode(file)).isEqualTo("rw-------");
    }
  }
}
