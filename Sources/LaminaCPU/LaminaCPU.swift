// LaminaCPU: the reference rasterizer. (Filled in by issue 3.)
import Lamina
