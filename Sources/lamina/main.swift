import Lamina
print("lamina")
