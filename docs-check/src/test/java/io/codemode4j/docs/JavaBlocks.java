package io.codemode4j.docs;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Compiles a {@code java} block in memory, as the docs conventions say: a block that starts with
 * {@code package} or {@code import} is a compilation unit compiled as it is; any other is the body
 * of {@code static void snippet() throws Exception} in a class that imports every exported
 * (non-internal) {@code io.codemode4j} package and a few JDK ones. Both compile against the test
 * class path, which holds every module's classes. One instance per test class: the file manager
 * keeps the class path's jars open and indexed between blocks.
 */
final class JavaBlocks implements AutoCloseable {

  /** The JDK imports of a statements block, beside the project's packages. */
  static final List<String> JDK_IMPORTS =
      List.of(
          "java.util.*",
          "java.nio.file.*",
          "java.time.*",
          "java.sql.Connection",
          "java.sql.DriverManager",
          "javax.sql.DataSource");

  private static final Pattern UNIT =
      Pattern.compile("\\A(?:\\s|//[^\\n]*\\n|/\\*.*?\\*/)*(?:package|import)\\s", Pattern.DOTALL);

  private static final Pattern PUBLIC_TYPE =
      Pattern.compile(
          "(?<![\\w.])public\\s+(?:(?:final|abstract|sealed|non-sealed|strictfp)\\s+)*"
              + "(?:class|interface|enum|record|@interface)\\s+([A-Za-z_$][\\w$]*)");

  private final JavaCompiler compiler;
  private final StandardJavaFileManager files;
  private final List<String> options;
  private final String header;
  private final int headerLines;

  JavaBlocks() {
    JavaCompiler found = ToolProvider.getSystemJavaCompiler();
    if (found == null) {
      throw new IllegalStateException(
          "docs-check: the java blocks need a JDK (javax.tools finds no compiler in "
              + System.getProperty("java.home")
              + ")");
    }
    compiler = found;
    files = compiler.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
    List<String> classPath = classPath();
    options = List.of("-classpath", String.join(File.pathSeparator, classPath), "-proc:none");
    StringBuilder imports = new StringBuilder();
    for (String pkg : exportedPackages(classPath)) {
      imports.append("import ").append(pkg).append(".*;\n");
    }
    for (String jdk : JDK_IMPORTS) {
      imports.append("import ").append(jdk).append(";\n");
    }
    header = imports + "final class DocsSnippet {\n  static void snippet() throws Exception {\n";
    headerLines = (int) header.chars().filter(c -> c == '\n').count();
  }

  /**
   * The test class path: Surefire's and Failsafe's {@code surefire.test.class.path} (the JVM's own
   * is a manifest-only jar), else {@code java.class.path}.
   */
  static List<String> classPath() {
    String path =
        System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    return Stream.of(path.split(File.pathSeparator)).filter(s -> !s.isBlank()).toList();
  }

  /**
   * The {@code io.codemode4j} packages of the main classes on {@code classPath} (not test classes
   * or test-jars) that no {@code internal} segment hides, sorted.
   */
  static Set<String> exportedPackages(List<String> classPath) {
    Set<String> packages = new TreeSet<>();
    for (String entry : classPath) {
      Path path = Path.of(entry);
      String name = path.getFileName() == null ? "" : path.getFileName().toString();
      if (name.equals("test-classes") || name.endsWith("-tests.jar")) {
        continue;
      }
      if (Files.isDirectory(path)) {
        Path root = path.resolve("io/codemode4j");
        if (Files.isDirectory(root)) {
          try (Stream<Path> walk = Files.walk(root)) {
            walk.filter(p -> p.toString().endsWith(".class"))
                .map(
                    p -> path.relativize(p.getParent()).toString().replace(File.separatorChar, '.'))
                .forEach(packages::add);
          } catch (IOException e) {
            throw new UncheckedIOException("docs-check: cannot list " + root, e);
          }
        }
      } else if (name.endsWith(".jar") && Files.isRegularFile(path)) {
        try (JarFile jar = new JarFile(path.toFile())) {
          for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
            String entryName = e.nextElement().getName();
            if (entryName.startsWith("io/codemode4j/") && entryName.endsWith(".class")) {
              packages.add(entryName.substring(0, entryName.lastIndexOf('/')).replace('/', '.'));
            }
          }
        } catch (IOException e) {
          throw new UncheckedIOException("docs-check: cannot list " + path, e);
        }
      }
    }
    packages.removeIf(pkg -> List.of(pkg.split("\\.")).contains("internal"));
    return Collections.unmodifiableSet(packages);
  }

  /** Whether the block is a compilation unit (starts with {@code package} or {@code import}). */
  static boolean isCompilationUnit(String text) {
    return UNIT.matcher(text).lookingAt();
  }

  /** The compiler's errors for {@code block}, each as {@code file:line: message}; empty if none. */
  List<String> errors(CodeBlock block) {
    boolean unit = isCompilationUnit(block.text());
    String source;
    String className;
    int offset;
    if (unit) {
      Matcher type = PUBLIC_TYPE.matcher(block.text());
      className = type.find() ? type.group(1) : "DocsSnippet";
      source = block.text();
      offset = 0;
    } else {
      className = "DocsSnippet";
      source = header + block.text() + "\n  }\n}\n";
      offset = headerLines;
    }
    JavaFileObject file =
        new SimpleJavaFileObject(
            URI.create("string:///" + className + ".java"), JavaFileObject.Kind.SOURCE) {
          @Override
          public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return source;
          }
        };
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    boolean compiled =
        compiler
            .getTask(null, new Discarding(files), diagnostics, options, null, List.of(file))
            .call();
    List<String> errors = new ArrayList<>();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        long line = d.getLineNumber() - offset;
        errors.add(
            block.file()
                + ":"
                + (block.line() + line)
                + ": "
                + d.getMessage(Locale.ROOT).replace("\n", "\n    "));
      }
    }
    if (!compiled && errors.isEmpty()) {
      errors.add(block.where() + ": the compiler failed without an error message");
    }
    if (!errors.isEmpty()) {
      errors.add(
          unit
              ? "(compiled as a compilation unit, " + className + ".java)"
              : "(compiled as the body of static void snippet() throws Exception, with every"
                  + " exported io.codemode4j package and "
                  + String.join(", ", JDK_IMPORTS)
                  + " imported; declare what the block uses, or start it with its imports)");
    }
    return errors;
  }

  @Override
  public void close() throws IOException {
    files.close();
  }

  /** The class files are not needed: only whether the block compiles. */
  private static final class Discarding extends ForwardingJavaFileManager<JavaFileManager> {
    Discarding(JavaFileManager delegate) {
      super(delegate);
    }

    @Override
    public JavaFileObject getJavaFileForOutput(
        Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
      return new SimpleJavaFileObject(
          URI.create("discarded:///" + className.replace('.', '/') + kind.extension), kind) {
        @Override
        public OutputStream openOutputStream() {
          return OutputStream.nullOutputStream();
        }
      };
    }
  }
}
