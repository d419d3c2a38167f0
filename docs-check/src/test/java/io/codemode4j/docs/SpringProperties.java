package io.codemode4j.docs;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code codemode.*} properties the starter binds, read from its
 * {@code @ConfigurationProperties} records by reflection (the build generates no configuration
 * metadata): every record of {@code io.codemode4j.spring} with the annotation, found on the class
 * path, its components in Spring's canonical kebab case, nested records followed, a {@code Map}
 * taking any key below it.
 */
final class SpringProperties {

  private static final String PACKAGE = "io/codemode4j/spring/";

  /** Each bound record by its prefix. */
  private final Map<String, Class<?>> records;

  SpringProperties(List<String> classPath) {
    Map<String, Class<?>> found = new TreeMap<>();
    for (String className : classNames(classPath)) {
      Class<?> type;
      try {
        type = Class.forName(className, false, SpringProperties.class.getClassLoader());
      } catch (ClassNotFoundException | LinkageError e) {
        continue; // a class whose optional dependencies are absent binds nothing
      }
      ConfigurationProperties bound = type.getAnnotation(ConfigurationProperties.class);
      if (bound != null && type.isRecord()) {
        String prefix = bound.prefix().isEmpty() ? bound.value() : bound.prefix();
        found.put(prefix, type);
      }
    }
    if (found.isEmpty()) {
      throw new IllegalStateException(
          "docs-check: no @ConfigurationProperties record of io.codemode4j.spring on the class path;"
              + " does docs-check still depend on spring-boot-autoconfigure?");
    }
    records = Map.copyOf(found);
  }

  /** The prefixes and the records bound to them. */
  Map<String, Class<?>> records() {
    return records;
  }

  /** Whether the starter binds {@code key} (a full key such as {@code codemode.max-calls}). */
  boolean binds(String key) {
    for (Map.Entry<String, Class<?>> entry : records.entrySet()) {
      String prefix = entry.getKey() + ".";
      if (key.startsWith(prefix)
          && resolves(entry.getValue(), List.of(key.substring(prefix.length()).split("\\.")))) {
        return true;
      }
    }
    return false;
  }

  private static boolean resolves(Type type, List<String> path) {
    Class<?> raw =
        type instanceof ParameterizedType parameterized
            ? (Class<?>) parameterized.getRawType()
            : type instanceof Class<?> c ? c : Object.class;
    if (path.isEmpty()) {
      return !raw.isRecord();
    }
    if (Map.class.isAssignableFrom(raw)) {
      return true;
    }
    String first = path.getFirst();
    if (Collection.class.isAssignableFrom(raw) || raw.isArray()) {
      return first.matches("\\[[0-9]+]") && path.size() == 1;
    }
    if (!raw.isRecord()) {
      return false;
    }
    String name = first.replaceFirst("\\[[0-9]+]$", "");
    boolean indexed = !name.equals(first);
    for (RecordComponent component : raw.getRecordComponents()) {
      if (kebab(component.getName()).equals(name)) {
        List<String> rest = path.subList(1, path.size());
        if (indexed) {
          Class<?> componentType = component.getType();
          return (Collection.class.isAssignableFrom(componentType) || componentType.isArray())
              && rest.isEmpty();
        }
        return resolves(component.getGenericType(), rest);
      }
    }
    return false;
  }

  /** Spring's canonical form of a component name: {@code maxWallTime} is {@code max-wall-time}. */
  static String kebab(String camel) {
    return camel.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(java.util.Locale.ROOT);
  }

  private static List<String> classNames(List<String> classPath) {
    List<String> names = new ArrayList<>();
    for (String entry : classPath) {
      Path path = Path.of(entry);
      if (Files.isDirectory(path.resolve(PACKAGE))) {
        try (Stream<Path> list = Files.list(path.resolve(PACKAGE))) {
          list.map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".class"))
              .forEach(n -> names.add(PACKAGE.replace('/', '.') + n.replace(".class", "")));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      } else if (entry.endsWith(".jar") && Files.isRegularFile(path)) {
        try (JarFile jar = new JarFile(new File(entry))) {
          for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
            String name = e.nextElement().getName();
            if (name.startsWith(PACKAGE)
                && name.endsWith(".class")
                && name.indexOf('/', PACKAGE.length()) < 0) {
              names.add(name.replace('/', '.').replace(".class", ""));
            }
          }
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return names;
  }
}
