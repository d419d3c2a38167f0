package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The BOM a consumer imports names every library module and the versions this build tests with: it
 * has no parent (so it brings no build settings), which is why its versions are written twice and
 * checked here.
 */
class BomTest {

  static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

  static String read(String file) throws Exception {
    return Files.readString(ROOT.resolve(file));
  }

  static String property(String pom, String name) {
    Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]+)</").matcher(pom);
    assertThat(m.find()).as("property " + name).isTrue();
    return m.group(1);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"jackson.version", "graaljs.version", "duckdb.version", "reactor.version"})
  void bom_pinnedVersion_isTheOneTheBuildTests(String name) throws Exception {
    assertThat(property(read("bom/pom.xml"), name)).isEqualTo(property(read("pom.xml"), name));
  }

  @Test
  void bom_managesEveryLibraryModule() throws Exception {
    String parent = read("pom.xml");
    String bom = read("bom/pom.xml");
    Matcher modules = Pattern.compile("<module>([^<]+)</module>").matcher(parent);
    List<String> libraries =
        modules
            .results()
            .map(r -> r.group(1))
            .filter(
                m -> !List.of("bom", "cli", "benchmarks", "docs-check", "architecture").contains(m))
            .toList();

    assertThat(libraries).isNotEmpty();
    for (String module : libraries) {
      String artifact =
          property(
              read(module + "/pom.xml").replaceFirst("(?s)<parent>.*?</parent>", ""), "artifactId");
      assertThat(bom).as(module).contains("<artifactId>" + artifact + "</artifactId>");
    }
    assertThat(property(bom, "version"))
        .isEqualTo(property(parent.replaceFirst("(?s)<parent>.*?</parent>", ""), "version"));
  }

  @Test
  void everyModule_artifactId_isPrefixedWithTheProjectName() throws Exception {
    Matcher modules = Pattern.compile("<module>([^<]+)</module>").matcher(read("pom.xml"));
    List<String> names = modules.results().map(r -> r.group(1)).toList();

    assertThat(names).isNotEmpty();
    for (String module : names) {
      String own = read(module + "/pom.xml").replaceFirst("(?s)<parent>.*?</parent>", "");
      assertThat(property(own, "artifactId")).as(module).isEqualTo("codemode4j-" + module);
    }
  }
}
