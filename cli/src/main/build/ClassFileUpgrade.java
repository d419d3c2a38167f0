import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * Build step of the cli module, run by its pom as a single-file source program with ASM on the class path:
 * {@code ClassFileUpgrade IN.jar OUT.jar} copies a jar, rewriting every class file older than Java 6 (major
 * version below 50) as a Java 8 class file with the stack map frames ASM computes; other entries and newer
 * class files are copied unchanged. OUT is written under a temporary name and renamed, so an interrupted build
 * never leaves half a jar that looks up to date.
 *
 * <p>Decided: the JDK's AOT cache and class-data archive (see the launcher) leave out classes below major
 * version 50, which only the old type-inferring verifier can check. Picocli 4.7 is compiled for Java 5, so its
 * 174 classes were read from its jar and verified on every start, with the CLI classes that refer to them:
 * `codemode run` 1.10 -> 0.95 s median (CPU 1.80 -> 1.60 s), `codemode run --version` 0.43 -> 0.37 s, in 11
 * interleaved runs each. Only the version and the frames change; instructions are copied as ASM reads them.
 */
public final class ClassFileUpgrade {

  private static final int OLDEST_ARCHIVABLE = 50;

  private ClassFileUpgrade() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: ClassFileUpgrade IN.jar OUT.jar");
    }
    Path in = Path.of(args[0]);
    Path out = Path.of(args[1]);
    Path partial = out.resolveSibling(out.getFileName() + ".partial");
    // Frames need the common superclass of two types, which ASM finds by loading them: from the jar itself.
    try (URLClassLoader classes = new URLClassLoader(new URL[] {in.toUri().toURL()},
            ClassFileUpgrade.class.getClassLoader());
        ZipInputStream source = new ZipInputStream(Files.newInputStream(in));
        ZipOutputStream target = new ZipOutputStream(Files.newOutputStream(partial))) {
      for (ZipEntry entry; (entry = source.getNextEntry()) != null; ) {
        byte[] bytes = source.readAllBytes();
        if (entry.getName().endsWith(".class") && majorVersion(bytes) < OLDEST_ARCHIVABLE) {
          bytes = upgrade(bytes, classes);
        }
        ZipEntry copy = new ZipEntry(entry.getName());
        copy.setTime(entry.getTime());
        target.putNextEntry(copy);
        target.write(bytes);
        target.closeEntry();
      }
    }
    Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static int majorVersion(byte[] classFile) {
    return ((classFile[6] & 0xff) << 8) | (classFile[7] & 0xff);
  }

  private static byte[] upgrade(byte[] classFile, ClassLoader classes) {
    ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
      @Override
      protected ClassLoader getClassLoader() {
        return classes;
      }
    };
    new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, writer) {
      @Override
      public void visit(int version, int access, String name, String signature, String superName,
          String[] interfaces) {
        super.visit(Opcodes.V1_8, access, name, signature, superName, interfaces);
      }
    }, ClassReader.SKIP_FRAMES);
    return writer.toByteArray();
  }
}
