package io.codemode4j.bench;

import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What {@code benchmarks/peer/peer-bench.mjs} measured in one run: QuickJS and a Node {@code vm}
 * context on the bench's trivial and three-call passes.
 *
 * @param node the Node version that ran the peers, e.g. {@code v20.20.2}
 * @param quickjsVersion the quickjs-emscripten version, e.g. {@code 0.32.0}
 * @param quickjs QuickJS: a fresh runtime and context per pass
 * @param nodeVm Node: a fresh {@code vm} context per pass
 */
record PeerRun(String node, String quickjsVersion, Peer quickjs, Peer nodeVm) {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** One peer's two scenarios. */
  record Peer(Scenario trivial, Scenario threeCalls) {
    Peer {
      Objects.requireNonNull(trivial, "trivial");
      Objects.requireNonNull(threeCalls, "threeCalls");
    }
  }

  /**
   * One scenario of one peer.
   *
   * @param wallMs the distribution of the passes' wall times, in ms
   * @param cpuMsPerPass the peer process's CPU time over the measured loop, per pass, in ms
   */
  record Scenario(Stats wallMs, double cpuMsPerPass) {
    Scenario {
      Objects.requireNonNull(wallMs, "wallMs");
      if (!(cpuMsPerPass > 0) || !Double.isFinite(cpuMsPerPass)) {
        throw new IllegalArgumentException(
            "the CPU per pass must be a positive finite number, was " + cpuMsPerPass);
      }
    }
  }

  PeerRun {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(quickjsVersion, "quickjsVersion");
    Objects.requireNonNull(quickjs, "quickjs");
    Objects.requireNonNull(nodeVm, "nodeVm");
  }

  /**
   * Parses the script's one line of JSON; {@code samples} is how many passes each scenario had to
   * measure. Throws {@link IllegalArgumentException} naming what is missing or wrong.
   */
  static PeerRun parse(String json, int samples) {
    JsonNode root;
    try {
      root = JSON.readTree(json);
    } catch (JacksonException e) {
      throw new IllegalArgumentException(
          "the peer script printed no JSON object: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("the peer script printed no JSON object");
    }
    JsonNode peers = required(root, "peers", "");
    return new PeerRun(
        text(root, "node"),
        text(root, "quickjs"),
        peer(required(peers, "quickjs", "peers"), "peers.quickjs", samples),
        peer(required(peers, "nodeVm", "peers"), "peers.nodeVm", samples));
  }

  private static Peer peer(JsonNode peer, String path, int samples) {
    return new Peer(
        scenario(required(peer, "trivial", path), path + ".trivial", samples),
        scenario(required(peer, "threeCalls", path), path + ".threeCalls", samples));
  }

  private static Scenario scenario(JsonNode scenario, String path, int samples) {
    JsonNode ms = required(scenario, "ms", path);
    if (!ms.isArray() || ms.size() != samples) {
      throw new IllegalArgumentException(
          path + ".ms must be an array of " + samples + " pass times, was " + abbreviate(ms));
    }
    double[] values = new double[samples];
    for (int i = 0; i < samples; i++) {
      JsonNode value = ms.get(i);
      if (!value.isNumber() || !(value.asDouble() > 0)) {
        throw new IllegalArgumentException(
            path + ".ms[" + i + "] must be a positive number, was " + value);
      }
      values[i] = value.asDouble();
    }
    JsonNode cpu = required(scenario, "cpuMsPerPass", path);
    if (!cpu.isNumber()) {
      throw new IllegalArgumentException(path + ".cpuMsPerPass must be a number, was " + cpu);
    }
    return new Scenario(Stats.of(values), cpu.asDouble());
  }

  private static JsonNode required(JsonNode parent, String field, String path) {
    JsonNode value = parent.get(field);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException(
          "the peer script's JSON has no " + (path.isEmpty() ? field : path + "." + field));
    }
    return value;
  }

  private static String text(JsonNode root, String field) {
    JsonNode value = required(root, field, "");
    if (!value.isString()) {
      throw new IllegalArgumentException(field + " must be a string, was " + value);
    }
    return value.asString();
  }

  private static String abbreviate(JsonNode node) {
    String text = node.toString();
    return text.length() <= 80 ? text : text.substring(0, 80) + "...";
  }
}
