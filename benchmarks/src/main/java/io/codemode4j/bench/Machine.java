package io.codemode4j.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/** What the bench ran on, in one line, and the process's resident memory. */
final class Machine {

  private static final Path CPU_INFO = Path.of("/proc/cpuinfo");
  private static final Path SELF_STATUS = Path.of("/proc/self/status");

  private Machine() {}

  /**
   * e.g. {@code Intel(R) Xeon(R) Processor, 2 cores, 23.5 GiB, Linux 6.1 amd64, OpenJDK 64-Bit
   * Server VM 25.0.1+8}.
   */
  static String describe() {
    var os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    return cpuModel().orElse(System.getProperty("os.arch"))
        + ", "
        + Runtime.getRuntime().availableProcessors()
        + " cores, "
        + String.format(Locale.ROOT, "%.1f GiB", os.getTotalMemorySize() / (1024.0 * 1024 * 1024))
        + ", "
        + System.getProperty("os.name")
        + " "
        + System.getProperty("os.version")
        + " "
        + System.getProperty("os.arch")
        + ", "
        + System.getProperty("java.vm.name")
        + " "
        + System.getProperty("java.runtime.version")
        + " ("
        + System.getProperty("java.vm.vendor")
        + ")";
  }

  /**
   * The system load average over the last minute, or a negative number where the OS does not say.
   */
  static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** This process's resident set in MiB (Linux {@code VmRSS}); empty elsewhere. */
  static Optional<Double> residentMiB() {
    return statusKib(SELF_STATUS, "VmRSS:").map(kib -> kib / 1024.0);
  }

  /**
   * A {@code /proc/<pid>/status} field in KiB, e.g. {@code VmHWM:}; empty when absent or
   * unreadable.
   */
  static Optional<Long> statusKib(Path status, String field) {
    try {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith(field)) {
          return Optional.of(
              Long.parseLong(line.substring(field.length()).strip().split("\\s+")[0]));
        }
      }
      return Optional.empty();
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  private static Optional<String> cpuModel() {
    try {
      return Files.readAllLines(CPU_INFO).stream()
          .filter(line -> line.startsWith("model name"))
          .map(line -> line.substring(line.indexOf(':') + 1).strip())
          .findFirst();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
