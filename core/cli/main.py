def main() -> int:
    print("carcassonne")
    return 0
