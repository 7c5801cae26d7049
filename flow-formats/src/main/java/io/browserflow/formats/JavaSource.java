package io.browserflow.formats;

import io.browserflow.api.Flow;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Java source of one export as it is written: the lines of the flow's DSL chain, the types
 * and the static DSL factories to import, the lambda names in scope, and the issues. The writers
 * of the class, the header, the steps, targets and conditions add to it.
 */
final class JavaSource {
  final Flow flow;
  final Issues issues = new Issues();
  /** Static factories of the DSL to import. */
  final Set<String> statics = new TreeSet<>();
  /** Types to import. */
  final Set<String> types = new TreeSet<>();
  final List<String> lines = new ArrayList<>();
  /** The names of the enclosing lambdas' parameters. */
  final Deque<String> lambdas = new ArrayDeque<>();
  /** Whether the step written last went through its plain builder (which already carries the id). */
  boolean plainStep;

  JavaSource(Flow flow) {
    this.flow = flow;
  }

  /** An enum constant of the model, its outermost type imported. */
  String constant(Enum<?> e) {
    Class<?> type = e.getDeclaringClass();
    Class<?> outer = type.getEnclosingClass() == null ? type : type.getEnclosingClass();
    types.add(outer.getName());
    return JavaLiterals.constant(e);
  }

  /** A static factory of the DSL, imported. */
  String dsl(String method) {
    statics.add(method);
    return method;
  }

  String indent(int n) {
    return " ".repeat(n);
  }

  void chain(String call) {
    lines.add(indent(8) + call);
  }
}
