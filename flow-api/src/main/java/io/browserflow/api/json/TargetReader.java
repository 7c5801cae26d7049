package io.browserflow.api.json;

import io.browserflow.api.Candidate;
import io.browserflow.api.ErrorCode;
import io.browserflow.api.Point;
import io.browserflow.api.Target;
import io.browserflow.api.json.ReadContext.Fields;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Reads targets (candidates, frame path, shadow path), their candidates (exactly one locator key
 * each) and click offsets.
 */
final class TargetReader {
  private static final List<String> CANDIDATE_FIELDS = candidateFields();

  private final ReadContext read;

  TargetReader(ReadContext read) {
    this.read = read;
  }

  Target target(Fields f, String key, boolean required) {
    JsonValue v = f.get(key);
    if (v == null) {
      if (required) {
        read.missing(f, key);
      }
      return null;
    }
    return target(v, f.at(key));
  }

  private Target target(JsonValue v, String path) {
    Fields f = read.object(v, path, "a target");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    List<Candidate> candidates = new ArrayList<>();
    JsonValue list = f.get("candidates");
    if (list != null && read.isArray(list, f.at("candidates"), "an array of candidates")) {
      for (int i = 0; i < list.size(); i++) {
        Candidate c = candidate(list.elements().get(i), JsonPath.index(f.at("candidates"), i));
        if (c != null) {
          candidates.add(c);
        }
      }
    }
    List<String> framePath = read.strings(f, "framePath");
    List<String> shadowPath = read.strings(f, "shadowPath");
    read.unknown(f, FormatNames.TARGET);
    if (read.problemCount() > before) {
      return null;
    }
    return read.build(path, v, () -> Target.builder().candidates(candidates).framePath(framePath)
        .shadowPath(shadowPath).build());
  }

  private Candidate candidate(JsonValue v, String path) {
    Fields f = read.object(v, path, "a candidate");
    if (f == null) {
      return null;
    }
    int before = read.problemCount();
    List<Candidate.Kind> kinds = new ArrayList<>();
    List<String> kindNames = new ArrayList<>();
    for (Candidate.Kind k : Candidate.Kind.values()) {
      kindNames.add(k.jsonName());
      if (f.has(k.jsonName())) {
        kinds.add(k);
      }
    }
    Candidate.Kind kind = null;
    String value = null;
    if (kinds.isEmpty()) {
      read.problem(ErrorCode.FIELD_INVALID, path, v, "a candidate needs exactly one locator key: "
          + String.join(", ", kindNames) + ", e.g. {\"testId\": \"save\"}");
    } else if (kinds.size() > 1) {
      read.problem(ErrorCode.FIELD_INVALID, path, v, "a candidate has exactly one locator key, found "
          + kinds.stream().map(Candidate.Kind::jsonName).collect(Collectors.joining(" and "))
          + "; list alternatives as separate candidates");
    } else {
      kind = kinds.get(0);
      value = read.string(f, kind.jsonName(), true);
    }
    Optional<String> name = read.optString(f, "name");
    if (name.isPresent() && kind != null && kind != Candidate.Kind.ROLE) {
      read.problem(ErrorCode.FIELD_INVALID, f.at("name"), f.get("name"),
          "only a role candidate has a name, not a " + kind.jsonName() + " candidate");
    }
    read.unknown(f, CANDIDATE_FIELDS);
    if (read.problemCount() > before) {
      return null;
    }
    Candidate.Kind k = kind;
    String val = value;
    return read.build(path, v, () -> Candidate.builder().kind(k).value(val).name(name).build());
  }

  Optional<Point> point(Fields f, String key) {
    JsonValue v = f.get(key);
    if (v == null) {
      return Optional.empty();
    }
    Fields p = read.object(v, f.at(key), "an offset");
    if (p == null) {
      return Optional.empty();
    }
    int before = read.problemCount();
    Double x = read.decimal(p, "x");
    Double y = read.decimal(p, "y");
    read.unknown(p, FormatNames.POINT);
    if (read.problemCount() > before) {
      return Optional.empty();
    }
    return Optional.ofNullable(read.build(f.at(key), v, () -> Point.of(x == null ? 0 : x, y == null ? 0 : y)));
  }

  private static List<String> candidateFields() {
    List<String> fields = new ArrayList<>();
    for (Candidate.Kind k : Candidate.Kind.values()) {
      fields.add(k.jsonName());
    }
    fields.add("name");
    return List.copyOf(fields);
  }
}
