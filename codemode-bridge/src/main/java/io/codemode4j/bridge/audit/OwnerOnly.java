package io.codemode4j.bridge.audit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;
import java.util.Set;

/**
 * Files and directories only their owner may read: the audit log, the state a host keeps (flags)
 * and the per-tenant copies of a warehouse, whatever the process's umask.
 *
 * <p>Decided: modes are set after creation ({@code 0700} for a directory, {@code 0600} for a file),
 * since a mode given at creation is still cut by the umask; only the directories this class creates
 * are changed, never one that already existed (a user's {@code /tmp} or home keeps its mode). On a
 * file system without POSIX permissions nothing is changed.
 */
public final class OwnerOnly {

  private static final Set<PosixFilePermission> DIRECTORY =
      PosixFilePermissions.fromString("rwx------");
  private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

  private OwnerOnly() {}

  /**
   * Creates {@code dir} and its missing parents, each created one only its owner may enter.
   *
   * @throws IOException when a directory cannot be created or its mode set
   */
  public static Path createDirectories(Path dir) throws IOException {
    Objects.requireNonNull(dir, "dir");
    Deque<Path> missing = new ArrayDeque<>();
    for (Path d = dir.toAbsolutePath(); d != null && !Files.exists(d); d = d.getParent()) {
      missing.push(d);
    }
    Files.createDirectories(dir);
    for (Path created : missing) {
      restrict(created, DIRECTORY);
    }
    return dir;
  }

  /**
   * Makes {@code file} readable and writable by its owner alone, creating it empty when it does not
   * exist.
   *
   * @throws IOException when it cannot be created or its mode set
   */
  public static Path file(Path file) throws IOException {
    Objects.requireNonNull(file, "file");
    if (!Files.exists(file)) {
      try {
        Files.createFile(file);
      } catch (java.nio.file.FileAlreadyExistsException raced) {
        // Another writer created it first; its mode is set below all the same.
      }
    }
    restrict(file, FILE);
    return file;
  }

  private static void restrict(Path path, Set<PosixFilePermission> mode) throws IOException {
    PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
    if (view != null) {
      view.setPermissions(mode);
    }
  }
}
