package io.codemode4j.bridge.discovery;

import io.codemode4j.bridge.AllowlistedMethod;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.OuterTool;
import io.codemode4j.bridge.OuterToolResult;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.Visibility;
import io.codemode4j.bridge.internal.broker.SchemaValidator;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.ToolSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@value #TOOL_NAME} tool, placed beside one or more Code Mode execution tools: it takes
 * {@code {query, namespace?, limit?, detail?}} and returns the matching methods that the run may
 * currently see, with their TypeScript declarations (and at {@link DiscoveryDetail#DETAILED} their
 * native schemas), and how many of the run's methods that is, so a large allowlist needs no
 * declarations in the execution tool's description ({@link CodeMode.Builder#includeDeclarations}).
 *
 * <p>Matching ranks by name, namespace and description ({@link DiscoveryIndex}, BM25F). Visibility
 * is that of each pass ({@link Visibility}): a hidden method is never a candidate. Built once;
 * thread-safe.
 *
 * <p>Decided: discovery reads each Code Mode only through its public view ({@link
 * CodeMode#toolName()}, {@link CodeMode#allowlistedMethods()}, {@link
 * CodeMode#visibleMethods(RunContext)}), so it lives in its own package and sees no handler; the
 * run's visibility is decided by CodeMode, in one place for discovery, the sandbox and the broker.
 */
public final class ToolDiscovery {

  public static final String TOOL_NAME = "discover_tools";
  public static final int DEFAULT_LIMIT = 5;
  public static final int MAX_LIMIT = 20;
  public static final int MAX_QUERY_CHARS = 200;

  /**
   * The most bytes of JSON an answer's matches take, beyond its first: about seven detailed or
   * fifteen brief matches of a warehouse's query method, and far below what one model turn reads.
   */
  public static final int MAX_ANSWER_BYTES = 65_536;

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  /** An indexed method and the Code Mode that owns it. */
  private record Candidate(CodeMode owner, AllowlistedMethod method) {
    String id() {
      return DiscoveryMatch.id(owner.toolName(), method.namespace(), method.name());
    }
  }

  private final List<CodeMode> codeModes;
  private final Map<String, Candidate> candidates = new LinkedHashMap<>();
  private final DiscoveryIndex<String> index = new DiscoveryIndex<>();
  private final ToolSpec tool;
  private final SchemaValidator arguments;
  private final OuterTool outerTool;

  private ToolDiscovery(List<CodeMode> codeModes) {
    this.codeModes = codeModes;
    for (CodeMode codeMode : codeModes) {
      for (AllowlistedMethod method : codeMode.allowlistedMethods()) {
        Candidate candidate = new Candidate(codeMode, method);
        candidates.put(candidate.id(), candidate);
        index.add(
            candidate.id(),
            method.name() + " " + method.spec().name(),
            method.namespace(),
            method.spec().description());
      }
    }
    this.tool =
        new ToolSpec(
            TOOL_NAME,
            description(codeModes, example(codeModes)),
            parametersSchema(example(codeModes)),
            successSchema(),
            ExecutionClass.READONLY);
    this.arguments =
        SchemaValidator.compile("the parameters schema of " + TOOL_NAME, tool.parameters());
    this.outerTool = new OuterTool(tool, this::call);
  }

  /**
   * Discovery over the methods of {@code codeModes}, whose outer tools must have distinct names
   * (they are part of every match id).
   *
   * @throws IllegalArgumentException for no Code Mode or two with the same tool name
   */
  public static ToolDiscovery of(List<CodeMode> codeModes) {
    List<CodeMode> copy = List.copyOf(codeModes);
    if (copy.isEmpty()) {
      throw new IllegalArgumentException("discovery needs at least one CodeMode to search");
    }
    Set<String> names = new HashSet<>();
    for (CodeMode codeMode : copy) {
      if (!names.add(codeMode.toolName())) {
        throw new IllegalArgumentException(
            "two Code Modes share the tool name '"
                + codeMode.toolName()
                + "', which would make match ids ambiguous: give each its own toolName(...)");
      }
    }
    return new ToolDiscovery(copy);
  }

  /** The spec of the {@value #TOOL_NAME} tool to give the model. */
  public ToolSpec tool() {
    return tool;
  }

  /**
   * The methods {@code run} may see that match {@code query}, in every namespace, best first.
   *
   * @param query words to look for, 1 to {@value #MAX_QUERY_CHARS} characters, e.g. {@code invoice}
   * @param limit the most matches, 1 to {@value #MAX_LIMIT}
   * @throws IllegalArgumentException for a blank or too long query, or a limit out of range
   * @throws IllegalStateException when a Code Mode declares every method in its description
   *     although {@code run} may not see one of them (see {@link CodeMode#run})
   */
  public List<DiscoveryMatch> search(String query, int limit, RunContext run) {
    return find(query, null, limit, run);
  }

  /**
   * The methods of {@code namespace} that {@code run} may see that match {@code query}, best first;
   * a namespace the run cannot see matches nothing. Otherwise as {@link #search(String, int,
   * RunContext)}.
   */
  public List<DiscoveryMatch> search(String query, String namespace, int limit, RunContext run) {
    return find(query, Objects.requireNonNull(namespace, "namespace"), limit, run);
  }

  /** {@code namespace} is null for every namespace. */
  private List<DiscoveryMatch> find(
      String query, @Nullable String namespace, int limit, RunContext run) {
    Found found = found(query, namespace, limit, run);
    return found.ranked().stream().limit(limit).map(id -> match(candidate(id))).toList();
  }

  /**
   * What a search found: every method that matches, best first, and how many methods the run may
   * see in the namespace searched ({@code namespace} null: in every namespace).
   */
  private record Found(List<String> ranked, int visible) {}

  private Found found(String query, @Nullable String namespace, int limit, RunContext run) {
    Objects.requireNonNull(query, "query");
    Objects.requireNonNull(run, "run");
    if (query.isBlank() || query.length() > MAX_QUERY_CHARS) {
      throw new IllegalArgumentException(
          "query must be 1 to "
              + MAX_QUERY_CHARS
              + " characters of words to look for, e.g. orders; was "
              + query.length()
              + " characters");
    }
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException("limit must be 1.." + MAX_LIMIT + ", was " + limit);
    }
    List<String> eligible = new ArrayList<>();
    for (CodeMode codeMode : codeModes) {
      for (AllowlistedMethod method : codeMode.visibleMethods(run)) {
        if (namespace == null || namespace.equals(method.namespace())) {
          eligible.add(new Candidate(codeMode, method).id());
        }
      }
    }
    return new Found(index.rank(query, eligible), eligible.size());
  }

  /**
   * Runs the tool for the model: {@code arguments} as {@link #tool()} declares them, the result
   * {@code {"matches": [...], "shown": "N of M methods"}} with each match as {@link
   * DiscoveryMatch#toJson} at the {@code detail} asked for (brief unless {@code "detailed"}).
   *
   * @throws IllegalArgumentException when the arguments do not match the tool's parameters schema
   */
  public ObjectNode discover(JsonNode arguments, RunContext run) {
    Objects.requireNonNull(arguments, "arguments");
    String problems = problems(arguments);
    if (problems != null) {
      throw new IllegalArgumentException(problems);
    }
    return matches(arguments, run);
  }

  /**
   * The tool as a spec and its handler, {@link #call}: what an MCP server or a LangChain4j adapter
   * registers for the model beside each Code Mode's {@link CodeMode#outerTool()}.
   */
  public OuterTool outerTool() {
    return outerTool;
  }

  /**
   * Answers one call of the tool: as {@link #discover}, but arguments outside the tool's parameters
   * schema (or none) are a {@link OuterToolResult.Failure} of kind {@link
   * OuterToolResult.ErrorKind#INVALID_ARGUMENTS} ({@code {"error": {"kind": "invalid_arguments",
   * "message"}}}), not an exception.
   *
   * @throws IllegalStateException as {@link #search(String, int, RunContext)} does, for a host that
   *     declares every method to a run that may not see them all
   */
  public OuterToolResult call(@Nullable JsonNode arguments, RunContext run) {
    Objects.requireNonNull(run, "run");
    if (arguments == null) {
      return OuterToolResult.Failure.invalidArguments(
          "arguments are missing: send {\"query\": \"words to look for\"}");
    }
    String problems = problems(arguments);
    if (problems != null) {
      return OuterToolResult.Failure.invalidArguments(problems);
    }
    return new OuterToolResult.Success(matches(arguments, run));
  }

  /** What is wrong with {@code arguments}, for the model; null when they match the parameters. */
  private @Nullable String problems(JsonNode arguments) {
    List<String> problems = this.arguments.problems(arguments);
    return problems.isEmpty()
        ? null
        : "arguments do not match the parameters of "
            + TOOL_NAME
            + ": "
            + String.join("; ", problems);
  }

  /**
   * The answer: {@code matches}, best first, each at the level asked for, while the answer stays
   * within {@value #MAX_ANSWER_BYTES} bytes of JSON (the first match always comes: one method's
   * size is its host's to bound), and {@code shown}, which says how many of the run's methods the
   * model sees, how many matched, and what to do for the rest.
   */
  private ObjectNode matches(JsonNode arguments, RunContext run) {
    JsonNode namespace = arguments.get("namespace");
    String scope = namespace == null ? null : namespace.asString();
    int limit = arguments.path("limit").asInt(DEFAULT_LIMIT);
    DiscoveryDetail detail =
        DiscoveryDetail.of(arguments.path("detail").asString(DiscoveryDetail.BRIEF.wireName()));
    Found found = found(arguments.get("query").asString(), scope, limit, run);
    ObjectNode result = JsonNodeFactory.instance.objectNode();
    ArrayNode array = result.putArray("matches");
    long bytes = 0;
    boolean bounded = false;
    for (String id : found.ranked().subList(0, Math.min(limit, found.ranked().size()))) {
      ObjectNode match = match(candidate(id)).toJson(detail);
      bytes += match.toString().getBytes(StandardCharsets.UTF_8).length;
      if (!array.isEmpty() && bytes > MAX_ANSWER_BYTES) {
        bounded = true;
        break;
      }
      array.add(match);
    }
    result.put("shown", shown(array.size(), found, scope, detail, bounded));
    return result;
  }

  /**
   * "N of M methods ...": {@code shown} matches of the {@code found.visible()} methods the run may
   * see, and when more matched, why they are not here and how to see them.
   */
  private static String shown(
      int shown, Found found, @Nullable String namespace, DiscoveryDetail detail, boolean bounded) {
    String text =
        shown
            + " of "
            + found.visible()
            + " methods"
            + (namespace == null ? "" : " of " + namespace);
    int matched = found.ranked().size();
    if (matched <= shown) {
      return text;
    }
    return text
        + "; "
        + matched
        + " match: "
        + (bounded
            ? "the rest would pass the answer's "
                + MAX_ANSWER_BYTES
                + " bytes"
                + (detail == DiscoveryDetail.DETAILED ? ", ask with detail brief" : "")
                + " or search narrower words"
            : "raise limit or search narrower words");
  }

  /** The candidate of an id that {@link #find} took from {@link #candidates}. */
  private Candidate candidate(String id) {
    Candidate candidate = candidates.get(id);
    if (candidate == null) {
      throw new IllegalStateException("no candidate has id " + id);
    }
    return candidate;
  }

  private static DiscoveryMatch match(Candidate candidate) {
    AllowlistedMethod method = candidate.method();
    ToolSpec spec = method.spec();
    return new DiscoveryMatch(
        candidate.id(),
        candidate.owner().toolName(),
        spec.name(),
        method.namespace(),
        method.name(),
        spec.description(),
        spec.parameters(),
        spec.success(),
        method.declaration(),
        method.spec().executionClass());
  }

  /**
   * The tool's description, its examples a method the programs may really call: the first method of
   * the last namespace (a domain's own tools come after the generic ones), so no description names
   * a method its host does not have.
   */
  private static String description(List<CodeMode> codeModes, @Nullable AllowlistedMethod example) {
    List<String> tools = codeModes.stream().map(CodeMode::toolName).toList();
    return "Finds the methods that programs of "
        + String.join(", ", tools)
        + " may call, by words in their names, namespaces and descriptions"
        + (example == null ? "" : " (e.g. {\"query\": \"" + example.name() + "\"})")
        + ", best match first. Each match has its TypeScript declaration and `tool`, the tool whose"
        + " program calls it"
        + (example == null ? "" : ", e.g. `async () => await " + example.path() + "({...})`")
        + "; `shown` says how many of the methods you see. Search again with other words when"
        + " nothing fits.";
  }

  /**
   * The method the descriptions show as their example ({@link #description}), or {@code null} when
   * there is none to find.
   */
  private static @Nullable AllowlistedMethod example(List<CodeMode> codeModes) {
    AllowlistedMethod example = null;
    for (CodeMode codeMode : codeModes) {
      for (AllowlistedMethod method : codeMode.allowlistedMethods()) {
        if (example == null || !method.namespace().equals(example.namespace())) {
          example = method;
        }
      }
    }
    return example;
  }

  private static JsonNode parametersSchema(@Nullable AllowlistedMethod example) {
    return MAPPER.readTree(
        """
        {"type": "object",
         "properties": {
           "query": {"type": "string", "minLength": 1, "maxLength": %d, "pattern": "\\\\S",
                     "description": "Words to look for in method names, namespaces and descriptions%s"},
           "namespace": {"type": "string", "description": "Only methods of this namespace%s"},
           "limit": {"type": "integer", "minimum": 1, "maximum": %d, "default": %d,
                     "description": "The most matches to return"},
           "detail": {"enum": ["brief", "detailed"], "default": "brief",
                      "description": "detailed adds each method's description and JSON Schemas"}
         },
         "required": ["query"],
         "additionalProperties": false}
        """
            .formatted(
                MAX_QUERY_CHARS,
                example == null ? "" : ", e.g. " + example.name(),
                example == null ? "" : ", e.g. " + example.namespace(),
                MAX_LIMIT,
                DEFAULT_LIMIT));
  }

  /**
   * The answer's schema: a match has the fields of its level ({@link DiscoveryMatch#toJson}), so
   * only those both levels share are required.
   */
  private static JsonNode successSchema() {
    return MAPPER.readTree(
        """
        {"type": "object",
         "properties": {
           "matches": {"type": "array", "items": {
             "type": "object",
             "properties": {
               "name": {"type": "string", "description": "<namespace>.<method> (brief)"},
               "id": {"type": "string", "description": "code-mode:<tool>:<namespace>.<method> (detailed)"},
               "tool": {"type": "string", "description": "The tool whose programs may call this method"},
               "purpose": {"type": "string", "description": "The description's first sentence (brief)"},
               "nativeTool": {"type": "string", "description": "The name of the tool behind the method"},
               "namespace": {"type": "string"},
               "method": {"type": "string"},
               "description": {"type": "string"},
               "parameters": {"type": "object", "description": "The JSON Schema of the method's argument"},
               "success": {"type": "object", "description": "The JSON Schema of the method's result"},
               "declaration": {"type": "string", "description": "The method's TypeScript declaration"},
               "executionClass": {"enum": ["readonly", "mutation", "needsApproval"],
                                  "description": "needsApproval: each call waits for a person's approval and rejects with kind 'denied' without it"}
             },
             "required": ["tool", "declaration"],
             "additionalProperties": false}},
           "shown": {"type": "string",
                     "description": "N of M methods the run may see, and when more match, how to see them"}
         },
         "required": ["matches", "shown"],
         "additionalProperties": false}
        """);
  }
}
