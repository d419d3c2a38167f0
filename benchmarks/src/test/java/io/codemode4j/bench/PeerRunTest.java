package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeerRunTest {

  /** What peer-bench.mjs prints for two samples. */
  private static final String TWO_SAMPLES =
      """
      {"node": "v20.20.2", "quickjs": "0.32.0", "samples": 2, "warmUp": 1, "peers": {
        "quickjs": {"trivial": {"ms": [0.5, 0.3], "cpuMsPerPass": 0.6},
                    "threeCalls": {"ms": [0.7, 0.9], "cpuMsPerPass": 1.1}},
        "nodeVm": {"trivial": {"ms": [1.2, 0.8], "cpuMsPerPass": 0.9},
                   "threeCalls": {"ms": [1.0, 1.4], "cpuMsPerPass": 1.3}}}}
      """;

  @Test
  void parse_scriptOutput_readsEachPeersScenarios() {
    PeerRun run = PeerRun.parse(TWO_SAMPLES, 2);

    assertThat(run.node()).isEqualTo("v20.20.2");
    assertThat(run.quickjsVersion()).isEqualTo("0.32.0");
    assertThat(run.quickjs().trivial().wallMs()).isEqualTo(new Stats(0.3, 0.5, 0.5, 2));
    assertThat(run.quickjs().trivial().cpuMsPerPass()).isEqualTo(0.6);
    assertThat(run.quickjs().threeCalls().wallMs()).isEqualTo(new Stats(0.7, 0.9, 0.9, 2));
    assertThat(run.nodeVm().trivial().wallMs()).isEqualTo(new Stats(0.8, 1.2, 1.2, 2));
    assertThat(run.nodeVm().threeCalls().cpuMsPerPass()).isEqualTo(1.3);
  }

  @Test
  void parse_fewerSamplesThanAsked_throwsNamingTheScenario() {
    assertThatThrownBy(() -> PeerRun.parse(TWO_SAMPLES, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("peers.quickjs.trivial.ms must be an array of 3 pass times");
  }

  @Test
  void parse_missingPeer_throwsNamingIt() {
    String json = TWO_SAMPLES.replace("\"nodeVm\"", "\"other\"");

    assertThatThrownBy(() -> PeerRun.parse(json, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the peer script's JSON has no peers.nodeVm");
  }

  @Test
  void parse_notJson_throwsSayingSo() {
    assertThatThrownBy(() -> PeerRun.parse("Error: Cannot find package", 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the peer script printed no JSON object");
  }

  @Test
  void parse_nonPositivePassTime_throws() {
    String json = TWO_SAMPLES.replace("[0.5, 0.3]", "[0.5, 0]");

    assertThatThrownBy(() -> PeerRun.parse(json, 2))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("peers.quickjs.trivial.ms[1] must be a positive number");
  }

  @Test
  void locateNode_overrideThatDoesNotExist_isMissingNamingIt() {
    PeerScenario.NodeLookup lookup = PeerScenario.locateNode("/no/such/node", "/usr/bin");

    assertThat(lookup)
        .isEqualTo(
            new PeerScenario.NodeLookup.Missing(
                "codemode.node / CODEMODE_NODE names /no/such/node, which is not an executable"
                    + " file: point it at a node >= 18, or unset it to use node on the PATH"));
  }

  @Test
  void locateNode_pathWithoutNode_isMissingSayingWhatToInstall(@TempDir Path empty) {
    PeerScenario.NodeLookup lookup = PeerScenario.locateNode(null, empty.toString());

    assertThat(lookup).isInstanceOf(PeerScenario.NodeLookup.Missing.class);
    assertThat(((PeerScenario.NodeLookup.Missing) lookup).reason())
        .startsWith("node not found on the PATH: install Node >= 18");
  }

  @Test
  void locateNode_pathWithAnExecutableNode_findsIt(@TempDir Path dir) throws Exception {
    Path node = Files.createFile(dir.resolve("node"));
    assertThat(node.toFile().setExecutable(true)).isTrue();

    PeerScenario.NodeLookup lookup =
        PeerScenario.locateNode("", "/no/such/dir" + java.io.File.pathSeparator + dir);

    assertThat(lookup).isEqualTo(new PeerScenario.NodeLookup.Found(node));
  }
}
