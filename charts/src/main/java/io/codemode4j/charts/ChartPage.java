package io.codemode4j.charts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The page that draws a chart with no network: vega, vega-lite, vega-embed and vega-interpreter
 * inlined from the jar, the spec and its rows embedded as a JSON data block, and a
 * Content-Security-Policy that lets only those scripts run and the page fetch nothing.
 *
 * <p>Decided: each script is allowed by its SHA-256 hash rather than {@code 'unsafe-inline'}; Vega
 * evaluates its expressions with vega-interpreter ({@code ast: true}) rather than {@code new
 * Function}, so the policy also forbids eval; {@code connect-src}, {@code img-src} and the rest are
 * {@code 'none'}, and the page gives vega-embed a loader that refuses every load, so neither a spec
 * nor a bug can fetch. Styles stay inline ({@code 'unsafe-inline'}) because vega-embed injects its
 * own; with images and fonts forbidden, a style cannot fetch either.
 */
final class ChartPage {

  /** The renderer's files, in the jar beside this class. */
  private static final String[] RENDERER = {
    "renderer/vega.min.js", "renderer/vega-lite.min.js", "renderer/vega-embed.min.js"
  };

  private static final String INTERPRETER = "renderer/vega-interpreter.js";
  private static final String INTERPRETER_IMPORT =
      "import { ascending, isString, DisallowedObjectProperties } from 'vega-util';";
  private static final String INTERPRETER_EXPORT =
      "export { expression as expressionInterpreter };";

  /**
   * Both pages draw a spec the same way: Vega-Lite as SVG into {@code #chart}, no actions, the
   * expression interpreter instead of Vega's code generation (the CSP allows no eval), and a loader
   * that refuses every load, so a spec cannot fetch data or reach a URL.
   */
  private static final String EMBED =
      """
      var embedChart = function (spec) {
        'use strict';
        var refuse = function () {
          return Promise.reject(new Error('a codemode4j chart loads nothing'));
        };
        return vegaEmbed('#chart', spec, {
          mode: 'vega-lite',
          renderer: 'svg',
          actions: false,
          ast: true,
          expr: vegaInterpreter.expressionInterpreter,
          loader: { load: refuse, sanitize: refuse, http: refuse, file: refuse }
        });
      };
      """;

  /**
   * Draws the spec of the JSON block into {@code #chart} as SVG; {@code window.chartReady} resolves
   * to "rendered" or "failed: ..." (the page also shows the failure), for a browser test to wait
   * on.
   */
  private static final String BOOT =
      EMBED
          + """
      (function () {
        'use strict';
        var spec = JSON.parse(document.getElementById('chart-spec').textContent);
        window.chartReady = embedChart(spec).then(function () {
          document.body.setAttribute('data-chart', 'rendered');
          return 'rendered';
        }, function (error) {
          document.body.setAttribute('data-chart', 'failed');
          var message = document.createElement('p');
          message.textContent = 'The chart could not be drawn: ' + error.message;
          document.body.appendChild(message);
          console.error(error);
          return 'failed: ' + error.message;
        });
      })();
      """;

  /**
   * The MCP App's boot (see {@link ChartApp}): asks its host to connect ({@code ui/initialize}),
   * says it is ready ({@code ui/notifications/initialized}), and draws the complete spec the tool
   * result carries under {@code _meta["io.codemode4j/chart"]} when the host sends the result
   * ({@code ui/notifications/tool-result}); a result without one shows that it has no chart. It
   * reads messages from its parent window only.
   */
  private static final String APP_BOOT =
      EMBED
          + """
      (function () {
        'use strict';
        var host = window.parent;
        var done;
        window.chartReady = new Promise(function (resolve) { done = resolve; });
        var say = function (text) {
          var p = document.createElement('p');
          p.textContent = text;
          document.body.appendChild(p);
        };
        var draw = function (result) {
          var meta = result && result._meta;
          var spec = meta && meta['io.codemode4j/chart'];
          if (!spec || typeof spec !== 'object') {
            document.body.setAttribute('data-chart', 'none');
            say('This result has no chart.');
            done('none');
            return;
          }
          embedChart(spec).then(function () {
            document.body.setAttribute('data-chart', 'rendered');
            done('rendered');
          }, function (error) {
            document.body.setAttribute('data-chart', 'failed');
            say('The chart could not be drawn: ' + error.message);
            console.error(error);
            done('failed: ' + error.message);
          });
        };
        window.addEventListener('message', function (event) {
          var message = event.data;
          if (event.source !== host || !message || message.jsonrpc !== '2.0') {
            return;
          }
          if (message.id === 1 && !message.method) {
            host.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized', params: {} }, '*');
          } else if (message.method === 'ui/notifications/tool-result') {
            draw(message.params);
          }
        });
        host.postMessage({
          jsonrpc: '2.0',
          id: 1,
          method: 'ui/initialize',
          params: {
            protocolVersion: '2026-01-26',
            appInfo: { name: 'codemode4j-chart', version: '1' },
            appCapabilities: {}
          }
        }, '*');
      })();
      """;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ChartPage() {}

  private static final class Scripts {
    static final List<String> ALL = load();
    static final String POLICY =
        policy(
            java.util.stream.Stream.concat(ALL.stream(), java.util.stream.Stream.of(BOOT, APP_BOOT))
                .toList());
  }

  /** The page of {@code vegaLite}, a complete spec with its data, titled {@code title}. */
  static String html(ObjectNode vegaLite, String title) {
    // Only "<" can end the data block early ("</script>", "<!--"); inside JSON it is always in a
    // string, where \u003c reads the same.
    String data = JSON.writeValueAsString(vegaLite).replace("<", "\\u003c");
    StringBuilder page = head(title);
    page.append("<script type=\"application/json\" id=\"chart-spec\">")
        .append(data)
        .append("</script>\n<script>")
        .append(BOOT)
        .append("</script>\n</body>\n</html>\n");
    return page.toString();
  }

  /** The MCP App page: no data of its own, it draws the spec its host sends (see APP_BOOT). */
  static String app(String title) {
    return head(title)
        .append("<script>")
        .append(APP_BOOT)
        .append("</script>\n</body>\n</html>\n")
        .toString();
  }

  /** The page up to its boot script: the policy, the title and the renderer. */
  private static StringBuilder head(String title) {
    StringBuilder page = new StringBuilder(1 << 20);
    page.append("<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        .append(Scripts.POLICY)
        .append("\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>")
        .append(escaped(title))
        .append("</title>\n<style>body{font:14px system-ui,sans-serif;margin:24px;color:#222}")
        .append("h1{font-size:16px;font-weight:600}</style>\n</head>\n<body>\n<h1>")
        .append(escaped(title))
        .append("</h1>\n<div id=\"chart\"></div>\n");
    for (String script : Scripts.ALL) {
      page.append("<script>").append(script).append("</script>\n");
    }
    return page;
  }

  private static List<String> load() {
    List<String> scripts = new ArrayList<>();
    for (String name : RENDERER) {
      scripts.add(withoutSourceMap(resource(name)));
    }
    scripts.add(interpreter(withoutSourceMap(resource(INTERPRETER))));
    for (String script : scripts) {
      if (script.contains("</script")) {
        throw new IllegalStateException(
            "codemode4j-charts: a renderer script contains </script and cannot be inlined");
      }
    }
    return List.copyOf(scripts);
  }

  /**
   * vega-interpreter ships as an ES module that imports three functions of vega-util; vega's bundle
   * exports the same functions, so the module becomes a plain script over the {@code vega} global
   * that sets {@code vegaInterpreter}.
   */
  static String interpreter(String module) {
    if (!module.startsWith(INTERPRETER_IMPORT) || !module.contains(INTERPRETER_EXPORT)) {
      throw new IllegalStateException(
          "codemode4j-charts: "
              + INTERPRETER
              + " no longer starts with its vega-util import or ends with its export; adapt"
              + " ChartPage.interpreter to the new vega-interpreter");
    }
    return "(function (vega) {\n'use strict';\n"
        + "const { ascending, isString, DisallowedObjectProperties } = vega;\n"
        + module
            .substring(INTERPRETER_IMPORT.length())
            .replace(
                INTERPRETER_EXPORT,
                "window.vegaInterpreter = { expressionInterpreter: expression };")
        + "\n})(vega);\n";
  }

  /** The page ships no source maps, so nothing (not even a debugger) is sent to look for one. */
  private static String withoutSourceMap(String script) {
    return script.replaceAll("//# sourceMappingURL=\\S*", "");
  }

  private static String policy(List<String> scripts) {
    StringBuilder hashes = new StringBuilder();
    for (String script : scripts) {
      hashes.append(" 'sha256-").append(sha256(script)).append('\'');
    }
    return "default-src 'none'; script-src"
        + hashes
        + "; style-src 'unsafe-inline'; img-src 'none'; font-src 'none'; connect-src 'none';"
        + " media-src 'none'; object-src 'none'; frame-src 'none'; worker-src 'none';"
        + " manifest-src 'none'; base-uri 'none'; form-action 'none'";
  }

  private static String sha256(String script) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(script.getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static String resource(String name) {
    try (InputStream in = ChartPage.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(
            "codemode4j-charts: "
                + name
                + " is missing from the jar; the build copies it from the npm registry (rebuild"
                + " charts with npm on PATH)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("codemode4j-charts: cannot read " + name, e);
    }
  }

  static String escaped(String text) {
    return text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
