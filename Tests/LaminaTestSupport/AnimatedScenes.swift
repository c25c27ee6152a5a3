// Animated scenes the CPU and GL tests share: one scene that exercises
// every kind of animation, so both backends draw the same frames of it.
import Lamina

public enum AnimatedScenes {
  /// A box moving right (linear, 10 → 90 over 1 s) and turning, a springing
  /// shape, a keyframed gradient and a replicator whose copies start later.
  public static let samplerText = ##"""
    { "version": 2, "canvas": { "width": 100, "height": 60, "background": "#ffffff", "duration": 1, "frameRate": 12 },
      "layers": [
        { "name": "box", "bounds": [0, 0, 12, 12], "position": [10, 15], "backgroundColor": "#ff0000",
          "animations": [
            { "type": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 90, "duration": 1, "timingFunction": "linear" },
            { "type": "basic", "keyPath": "transform.rotation.z", "toValue": 6.283185307179586, "duration": 1 } ] },
        { "type": "shapeLayer", "bounds": [0, 0, 20, 20], "position": [20, 40], "path": { "ellipse": [0, 0, 20, 20] },
          "fillColor": "#00aa00", "strokeColor": "#000000", "lineWidth": 2,
          "animations": [ { "type": "spring", "keyPath": "transform.scale", "fromValue": 0.2, "toValue": 1, "damping": 6 },
                          { "type": "keyframe", "keyPath": "strokeEnd", "values": [0, 1], "duration": 1 } ] },
        { "type": "gradientLayer", "bounds": [0, 0, 20, 20], "position": [50, 40], "colors": ["#0000ff", "#ffff00"],
          "animations": [ { "type": "keyframe", "keyPath": "endPoint", "values": [[0.5, 1], [1, 1], [1, 0]],
                            "calculationMode": "cubicPaced", "duration": 1 } ] },
        { "type": "replicatorLayer", "instanceCount": 3, "instanceDelay": 0.2, "instanceTransform": "translateX(10px)",
          "bounds": [0, 0, 30, 10], "position": [80, 45],
          "sublayers": [ { "bounds": [0, 0, 8, 8], "position": [4, 4], "backgroundColor": "#ff00ff",
            "animations": [ { "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "duration": 0.5,
                              "fillMode": "both" } ] } ] }
      ] }
    """##

  /// The sampler, loaded.
  public static func sampler() throws -> Scene { try Scene(jsonData: Array(samplerText.utf8)) }
}
