// LaminaGL: OpenGL ES 3 through headless EGL. (Filled in by issue 4.)
import Lamina
import CEGL
import CGLES
