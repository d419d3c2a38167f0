// expect: not_json
async () => 10n ** 30n
