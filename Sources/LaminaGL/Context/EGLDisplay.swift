// The process-wide EGL display. Chosen once, in this order: the EGL device
// platform's first device that is not Mesa's software device (NVIDIA's
// headless path), then GBM on a real /dev/dri/renderD* node (Intel/AMD),
// then Mesa's surfaceless platform (llvmpipe). `LAMINA_EGL=device|gbm|
// surfaceless` forces one. The display is initialised once and never
// terminated: terminating and re-initialising across threads gave spurious
// EGL_BAD_CONTEXT errors here (docs/gl-notes.md).
//
// Rejected: `eglGetDisplay(EGL_DEFAULT_DISPLAY)` (tries X11 and fails
// headless), and surfaceless first (silently lands on llvmpipe on a machine
// that also has an NVIDIA GPU). libgbm is opened with dlopen so the build
// never needs it.

import CEGL
import Foundation

/// `EGL_NO_*` are `EGL_CAST` macros that Swift does not import: all are NULL.
var eglNoContext: EGLContext? { nil }
var eglNoSurface: EGLSurface? { nil }
var eglNoConfig: EGLConfig? { nil }
var eglNoDisplay: EGLDisplay? { nil }

/// The chosen display, shared by every renderer of the process.
struct SharedDisplay: @unchecked Sendable {
  let display: EGLDisplay
  /// "device", "gbm" or "surfaceless".
  let platform: String
  let extensions: Set<String>

  /// The display, opened on first use; the failure is remembered too.
  static func get() throws(GLError) -> SharedDisplay {
    try opened.get()
  }

  private static let opened: Result<SharedDisplay, GLError> = {
    let forced = ProcessInfo.processInfo.environment["LAMINA_EGL"]
    let order: [String]
    switch forced {
    case nil, "": order = ["device", "gbm", "surfaceless"]
    case "device", "gbm", "surfaceless": order = [forced!]
    default:
      return .failure(.noDisplay(reason: "LAMINA_EGL=\(forced!) is not one of device, gbm, surfaceless"))
    }
    let clientExtensions = extensionSet(eglQueryString(eglNoDisplay, EGLint(EGL_EXTENSIONS)))
    var reasons: [String] = []
    for platform in order {
      let attempt: Result<EGLDisplay, GLError>
      switch platform {
      case "device": attempt = openDevice(clientExtensions, allowSoftware: forced == "device")
      case "gbm": attempt = openGBM()
      default: attempt = openSurfaceless(clientExtensions)
      }
      switch attempt {
      case .success(let display):
        var major: EGLint = 0
        var minor: EGLint = 0
        guard eglInitialize(display, &major, &minor) == EGL_TRUE else {
          reasons.append("\(platform): eglInitialize failed with \(eglErrorName(eglGetError()))")
          continue
        }
        let extensions = extensionSet(eglQueryString(display, EGLint(EGL_EXTENSIONS)))
        return .success(SharedDisplay(display: display, platform: platform, extensions: extensions))
      case .failure(.noDisplay(let reason)):
        reasons.append("\(platform): \(reason)")
      case .failure(let other):
        reasons.append("\(platform): \(other)")
      }
    }
    return .failure(.noDisplay(reason: reasons.joined(separator: "; ")))
  }()

  static func extensionSet(_ string: UnsafePointer<CChar>?) -> Set<String> {
    guard let string else { return [] }
    return Set(String(cString: string).split(separator: " ").map(String.init))
  }

  private static func openDevice(_ client: Set<String>, allowSoftware: Bool) -> Result<EGLDisplay, GLError> {
    guard client.contains("EGL_EXT_platform_device"), client.contains("EGL_EXT_device_enumeration") || client.contains("EGL_EXT_device_base"),
      let queryRaw = eglGetProcAddress("eglQueryDevicesEXT"),
      let stringRaw = eglGetProcAddress("eglQueryDeviceStringEXT")
    else { return .failure(.noDisplay(reason: "EGL_EXT_platform_device is not available")) }
    let queryDevices = unsafeBitCast(queryRaw, to: PFNEGLQUERYDEVICESEXTPROC.self)
    let queryString = unsafeBitCast(stringRaw, to: PFNEGLQUERYDEVICESTRINGEXTPROC.self)
    var count: EGLint = 0
    guard queryDevices(0, nil, &count) == EGL_TRUE, count > 0 else {
      return .failure(.noDisplay(reason: "no EGL devices"))
    }
    var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
    guard queryDevices(count, &devices, &count) == EGL_TRUE else {
      return .failure(.noDisplay(reason: "eglQueryDevicesEXT failed"))
    }
    for device in devices.prefix(Int(count)) {
      guard let device else { continue }
      let extensions = extensionSet(queryString(device, EGLint(EGL_EXTENSIONS)))
      if extensions.contains("EGL_MESA_device_software") && !allowSoftware { continue }
      if let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_DEVICE_EXT), device, nil) {
        return .success(display)
      }
    }
    return .failure(.noDisplay(reason: "only software EGL devices"))
  }

  private static func openGBM() -> Result<EGLDisplay, GLError> {
    let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? [])
      .filter { $0.hasPrefix("renderD") }.sorted()
    guard let node = nodes.first else { return .failure(.noDisplay(reason: "no /dev/dri/renderD* node")) }
    guard let library = dlopen("libgbm.so.1", RTLD_NOW) ?? dlopen("libgbm.so", RTLD_NOW),
      let createSymbol = dlsym(library, "gbm_create_device")
    else { return .failure(.noDisplay(reason: "libgbm is not installed")) }
    let fd = open("/dev/dri/\(node)", O_RDWR | O_CLOEXEC)
    guard fd >= 0 else { return .failure(.noDisplay(reason: "cannot open /dev/dri/\(node)")) }
    typealias CreateDevice = @convention(c) (Int32) -> UnsafeMutableRawPointer?
    let create = unsafeBitCast(createSymbol, to: CreateDevice.self)
    // The GBM device and fd live as long as the process, like the display.
    guard let gbm = create(fd),
      let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_GBM_KHR), gbm, nil)
    else {
      close(fd)
      return .failure(.noDisplay(reason: "GBM on /dev/dri/\(node) gave no display"))
    }
    return .success(display)
  }

  private static func openSurfaceless(_ client: Set<String>) -> Result<EGLDisplay, GLError> {
    guard client.contains("EGL_MESA_platform_surfaceless") else {
      return .failure(.noDisplay(reason: "EGL_MESA_platform_surfaceless is not available"))
    }
    guard let display = eglGetPlatformDisplay(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
      return .failure(.noDisplay(reason: "eglGetPlatformDisplay failed with \(eglErrorName(eglGetError()))"))
    }
    return .success(display)
  }
}
